import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './ApiError.ts';
import { apiFetch, apiFetchBlob, setUnauthorizedHandler } from './client.ts';

function answer(status: number, body?: unknown) {
  return vi.fn(async () => new Response(body === undefined ? null : JSON.stringify(body), { status }));
}

afterEach(() => setUnauthorizedHandler(null));

describe('apiFetch', () => {
  it('sends JSON with cookies and parses the answer', async () => {
    const fetchMock = answer(200, { ok: true });
    vi.stubGlobal('fetch', fetchMock);
    await expect(
      apiFetch('/v1/x', { method: 'POST', body: { a: 1 }, query: { id: 'u 1', skip: undefined } }),
    ).resolves.toEqual({
      ok: true,
    });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/v1/x?id=u+1');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"a":1}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('turns an error answer into ApiError with code, message and fields', async () => {
    vi.stubGlobal(
      'fetch',
      answer(400, {
        code: 'VALIDATION_ERROR',
        message: 'Bad_Request_Text',
        fields: { email: 'Email_Format_Error' },
      }),
    );
    const error = await apiFetch('/v1/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'Bad_Request_Text',
      fields: { email: 'Email_Format_Error' },
    });
  });

  it('a network failure is status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(apiFetch('/v1/x')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('a 401 from /v1 calls the sign-out handler, unless the caller handles it', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    vi.stubGlobal('fetch', answer(401, { code: 'UNAUTHORIZED', message: 'x' }));
    await expect(apiFetch('/v1/pet')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    await expect(apiFetch('/v1/auth/myinfo', { ignoreUnauthorized: true })).rejects.toMatchObject({
      status: 401,
    });
    await expect(apiFetch('/api/auth/sign-in/email', { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 401,
    });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('GET and DELETE give up after the timeout; POST waits', async () => {
    const timeout = vi.spyOn(AbortSignal, 'timeout');
    vi.stubGlobal('fetch', answer(204));
    await apiFetch('/v1/x');
    await apiFetch('/v1/x', { method: 'DELETE' });
    await apiFetch('/v1/x', { method: 'POST', body: {} });
    expect(timeout.mock.calls).toEqual([[30_000], [30_000]]);
    timeout.mockRestore();
  });
});

describe('apiFetchBlob', () => {
  it('reads a file answer whole, with the query and cookies', async () => {
    const fetchMock = vi.fn(async () => new Response('%PDF-1.7', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const file = await apiFetchBlob('/v1/emergency', { query: { language: 'de' } });
    expect(await file.text()).toBe('%PDF-1.7');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/v1/emergency?language=de');
    expect(init.credentials).toBe('include');
  });

  it('a refusal is the same ApiError as apiFetch gives; a caller that handles 401 is not signed out', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    vi.stubGlobal('fetch', answer(403, { code: 'LIMIT_REACHED', message: 'Paid_Service_Text' }));
    await expect(apiFetchBlob('/v1/emergency')).rejects.toMatchObject({
      status: 403,
      code: 'LIMIT_REACHED',
      message: 'Paid_Service_Text',
    });
    vi.stubGlobal('fetch', answer(401, { code: 'UNAUTHORIZED', message: 'x' }));
    await expect(apiFetchBlob('/v1/emergency/public', { ignoreUnauthorized: true })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});
