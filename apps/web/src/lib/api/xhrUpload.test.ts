import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockXhr } from '../../test/xhrMock.ts';
import { setUnauthorizedHandler } from './client.ts';
import { postMultipart } from './xhrUpload.ts';

afterEach(() => setUnauthorizedHandler(null));

describe('postMultipart', () => {
  it('sends cookies; a 401 signs out as apiFetch does', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    mockXhr({ 'POST /v1/upload/document': { status: 401, body: { code: 'UNAUTHORIZED', message: 'x' } } });
    await expect(postMultipart('/v1/upload/document', new FormData())).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('an aborted signal cancels before anything is sent', async () => {
    const xhr = mockXhr({});
    const controller = new AbortController();
    controller.abort();
    await expect(
      postMultipart('/v1/upload/document', new FormData(), { signal: controller.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(xhr.uploads).toHaveLength(0);
  });
});
