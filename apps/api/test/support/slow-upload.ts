import { connect, type Socket } from 'node:net';
import { jpeg } from './pets.ts';

// An upload that stops half way: the request announces a whole picture, sends its first part and then
// waits, so a test can cut the connection (or kill the server) while the server is writing the file.

export interface StalledUpload {
  socket: Socket;
  /** The server's answer, if one comes (empty when the connection was cut first). */
  answer: Promise<string>;
}

/**
 * Opens `POST /v1/upload/image?<query>` on 127.0.0.1:`port` announcing `totalBytes` of JPEG and sends only
 * `sentBytes` of it.
 */
export async function stalledUpload(
  port: number,
  options: { query: string; auth: Record<string, string>; totalBytes: number; sentBytes: number },
): Promise<StalledUpload> {
  const boundary = `----pet-stalled-${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.jpg"\r\n` +
      'Content-Type: image/jpeg\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const headers = [
    `POST /v1/upload/image?${options.query} HTTP/1.1`,
    'Host: 127.0.0.1',
    `Content-Type: multipart/form-data; boundary=${boundary}`,
    `Content-Length: ${head.length + options.totalBytes + tail.length}`,
    ...Object.entries(options.auth).map(([name, value]) => `${name}: ${value}`),
    '',
    '',
  ].join('\r\n');
  const socket = connect(port, '127.0.0.1');
  await new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const answer = new Promise<string>((resolve) => {
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
    });
    socket.on('error', () => {});
    socket.on('close', () => resolve(text));
  });
  socket.write(headers);
  socket.write(head);
  socket.write(jpeg(options.sentBytes));
  return { socket, answer };
}
