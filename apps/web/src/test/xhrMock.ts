import { vi } from 'vitest';

// A fake XMLHttpRequest for the uploads (lib/api/xhrUpload.ts: pictures, documents), which cannot go through fetch
// because they report progress. Answers by "METHOD /path", reports progress 50 then 100, records each request.

export interface XhrAnswer {
  status?: number;
  body?: unknown;
  /** Stop at 50 % until the test calls the upload's `release()` (to see a running upload). */
  held?: boolean;
}

export interface RecordedUpload {
  method: string;
  url: URL;
  body: FormData | null;
  file: File | null;
  /** A held upload: finish it (progress 100, then the answer). */
  release: () => void;
}

type XhrHandler = XhrAnswer | ((url: URL) => XhrAnswer);

export function mockXhr(handlers: Record<string, XhrHandler>) {
  const uploads: RecordedUpload[] = [];

  class FakeXhr {
    status = 0;
    statusText = '';
    responseText = '';
    withCredentials = false;
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = 'GET';
    private url = '';
    private aborted = false;

    open(method: string, url: string) {
      this.method = method.toUpperCase();
      this.url = url;
    }
    setRequestHeader() {}
    abort() {
      this.aborted = true;
      this.onabort?.();
    }
    send(body: FormData | null) {
      const url = new URL(this.url, 'http://localhost:3000');
      const file = body?.get('file');
      let halfway = false;
      let released = false;
      let finish = () => {};
      uploads.push({
        method: this.method,
        url,
        body,
        file: file instanceof File ? file : null,
        release: () => {
          released = true;
          if (halfway) setTimeout(finish, 0);
        },
      });
      const handler = handlers[`${this.method} ${url.pathname}`];
      const answer = typeof handler === 'function' ? handler(url) : (handler ?? { status: 404 });
      const progress = (loaded: number) =>
        this.upload.onprogress?.({ lengthComputable: true, loaded, total: 100 } as ProgressEvent);
      finish = () => {
        if (this.aborted) return;
        progress(100);
        if (answer.status === 0) {
          this.onerror?.();
          return;
        }
        this.status = answer.status ?? 201;
        this.responseText = answer.body === undefined ? '' : JSON.stringify(answer.body);
        this.onload?.();
      };
      // Asynchronous like the real thing, so the page can show its progress state first.
      setTimeout(() => {
        if (this.aborted) return;
        progress(50);
        halfway = true;
        if (!answer.held || released) finish();
      }, 0);
    }
  }

  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return { uploads };
}
