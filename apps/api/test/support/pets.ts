import { daysFromToday } from '@pet/shared';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { rowsOf } from '../../src/db/sql.ts';
import { instantToZoned } from '../../src/lib/zoned-time.ts';
import { setUserProduct } from '../../src/modules/plans/membership.service.ts';
import { as, type TestUser } from './accounts.ts';
import { productOf } from './plans.ts';
import type { TestApp } from './test-app.ts';

// Pets, plans and uploads for API tests: a user on a catalogue plan, a pet added through the API, and
// multipart bodies built by hand (no binary fixtures in the repository).

/** Puts the user on the brand's catalogue product (free, basic, premium, ...), as the operator's CLI does. */
export async function onPlan(t: TestApp, userId: string, key = 'basic'): Promise<void> {
  await setUserProduct(t.database.db, userId, await productOf(t.database, t.env.BRAND, key));
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One authenticated call (bearer unless the cookie is asked for). */
export function call(
  t: TestApp,
  user: Pick<TestUser, 'cookie' | 'token'> | null,
  method: Method,
  url: string,
  payload?: object,
  via: 'cookie' | 'bearer' = 'bearer',
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    headers: user ? as(user, via) : {},
    ...(payload === undefined ? {} : { payload }),
  });
}

export async function addPet(
  t: TestApp,
  user: TestUser,
  body: object = {},
): Promise<{ id: string; name: string }> {
  const response = await call(t, user, 'POST', '/v1/pet', { name: 'Bello', pet_type: 'Dog', ...body });
  if (response.statusCode !== 201) throw new Error(`add pet failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

// Images: only the first bytes matter to the server; these are also complete, valid files.
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
export const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
/** A JPEG's start of image and JFIF marker, padded to `size` bytes. */
export function jpeg(size = 1024): Buffer {
  const bytes = Buffer.alloc(size, 0x20);
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]).copy(bytes);
  return bytes;
}
export function webp(): Buffer {
  const bytes = Buffer.alloc(64, 0);
  bytes.write('RIFF', 0, 'ascii');
  bytes.writeUInt32LE(56, 4);
  bytes.write('WEBPVP8 ', 8, 'ascii');
  return bytes;
}

export interface FilePart {
  field?: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

/** A multipart/form-data body with the given files (and fields). */
export function multipart(
  files: FilePart[],
  fields: Record<string, string> = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----pet-test-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export function upload(
  t: TestApp,
  user: Pick<TestUser, 'cookie' | 'token'> | null,
  query: string,
  file: FilePart | null,
  via: 'cookie' | 'bearer' = 'bearer',
): Promise<LightMyRequestResponse> {
  const body = multipart(file ? [file] : []);
  return t.app.inject({
    method: 'POST',
    url: `/v1/upload/image?${query}`,
    headers: { ...(user ? as(user, via) : {}), ...body.headers },
    payload: body.payload,
  });
}

/** dd.MM.yyyy of today (UTC) plus `days`; keep a margin of days where time zones matter. */
export function displayDate(days = 0): string {
  return daysFromToday(days, { timeZone: 'UTC' });
}

export { rowsOf };

/** The state of a pg-boss job (created, active, completed, cancelled, ...), or undefined. */
export async function jobState(t: TestApp, jobId: string): Promise<string | undefined> {
  const rows = rowsOf<{ state: string }>(
    await t.database.db.execute(sql`select state from pgboss.job where id = ${jobId}`),
  );
  return rows[0]?.state;
}

/** An appointment body that passes every rule, `days` ahead. */
export function appointmentBody(days = 7, extra: object = {}): Record<string, unknown> {
  return {
    appointment_type: 'Vaccination',
    reason: 'Yearly booster',
    appointment_date: displayDate(days),
    appointment_time: '09:30',
    vet_name: 'Dr. Vet',
    address: 'Hauptstraße 1',
    zip: '10115',
    city: 'Berlin',
    country: 'DE',
    phone: '+49 30 123456',
    email: 'praxis@example.test',
    medication: 'none',
    comments: 'bring the passport',
    vaccination_type: 'Rabies',
    reminder_time_zone: 'Europe/Berlin',
    ...extra,
  };
}

/** An instant on the wall clocks of `zone`, as the API takes it: dd.MM.yyyy and HH:mm:ss. */
export function wallClock(instant: Date, zone: string): { date: string; time: string; hour: number } {
  const { date, time } = instantToZoned(instant, zone);
  const [yyyy, mm, dd] = date.split('-');
  return { date: `${dd}.${mm}.${yyyy}`, time, hour: Number(time.slice(0, 2)) };
}
