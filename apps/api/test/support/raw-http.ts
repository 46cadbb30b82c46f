import { type IncomingHttpHeaders, request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

// Requests over real HTTP to a listening app, with the answer's bytes as they came over the wire: fetch would
// add its own Accept-Encoding and unpack the body, which is what the compression tests look at.

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body as sent, still compressed when Content-Encoding says so. */
  body: Buffer;
}

export function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method ?? 'GET', headers: options.headers ?? {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The body unpacked according to its Content-Encoding (br, gzip or none). */
export function decodedBody(response: RawResponse): Buffer {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.body);
  if (encoding === 'gzip') return gunzipSync(response.body);
  if (encoding === undefined) return response.body;
  throw new Error(`unexpected content-encoding ${encoding}`);
}
