import { exportPreparingSchema } from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import { apiFetchResponse } from '../../../lib/api/client.ts';
import { saveFile } from '../../../lib/saveFile.ts';

// GET /v1/account/export (issue 15): the account's data as one ZIP, or 202 when the server prepares a large
// one and mails a link. The inline ZIP is bounded by the server (EXPORT_INLINE_MAX_BYTES of files), so the
// page may read it whole: that is what lets the button stay busy, count the bytes as they come and show a
// failure without leaving the page.

/** A download of up to tens of MB may take longer than the 30 s of an ordinary GET. */
const EXPORT_TIMEOUT_MS = 10 * 60 * 1000;

export type AccountExportResult = { status: 'downloaded' } | { status: 'preparing' };

/** The server's file name (`filename` of Content-Disposition), else a plain one. */
export function exportFileName(disposition: string | null): string {
  const encoded = disposition?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // A malformed name: the plain one below.
    }
  }
  return disposition?.match(/filename="([^"]+)"/i)?.[1] ?? 'my-data.zip';
}

async function readWithProgress(response: Response, onProgress: (bytes: number) => void): Promise<Blob> {
  if (!response.body) return response.blob();
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value as Uint8Array<ArrayBuffer>);
    received += value.byteLength;
    onProgress(received);
  }
  return new Blob(chunks, { type: 'application/zip' });
}

export async function downloadAccountExport(
  onProgress: (bytes: number) => void,
): Promise<AccountExportResult> {
  const response = await apiFetchResponse(apiPaths.accountExport, { timeoutMs: EXPORT_TIMEOUT_MS });
  if (response.status === 202) {
    exportPreparingSchema.parse(await response.json());
    return { status: 'preparing' };
  }
  const zip = await readWithProgress(response, onProgress);
  saveFile(zip, exportFileName(response.headers.get('content-disposition')));
  return { status: 'downloaded' };
}
