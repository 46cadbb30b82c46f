// The emergency file's PDF (run.ts, scenario `pdf`): one pet with full data (20 medical records, 8
// contacts, a picture) rendered BENCH_PDF_RENDERS times after a warm-up, in this process, against a one-line
// pdfkit document in the same run; p50, p95 and the file's size. The picture is a 200 kB JPEG, as the web
// app uploads (pdfkit copies a JPEG's bytes without decoding them, so only their amount matters here); a
// PNG of 800 × 800 pixels is printed as its JPEG rendition, as emergency-data.ts does (the rendition's one-time
// making is measured on its own), and so is the tag.
import { crc32, deflateSync } from 'node:zlib';
import { brandConfig } from '@pet/shared';
import PDFDocument from 'pdfkit';
import type {
  EmergencyData,
  EmergencyMedical,
  EmergencyPet,
} from '../src/modules/emergency/emergency-data.ts';
import { renderEmergencyFile } from '../src/modules/emergency/emergency-pdf.ts';
import { renderEmergencyTag } from '../src/modules/emergency/emergency-tag.ts';
import { notfallUrl } from '../src/modules/emergency/notfall-url.ts';
import { printPicture } from '../src/modules/emergency/print-picture.ts';

const RENDERS = Number(process.env.BENCH_PDF_RENDERS ?? 50);
const WARM_UP = 20;
const PUBLIC_URL = 'https://portal.example';

export interface PdfRenderResult {
  name: string;
  p50: number;
  p95: number;
  bytes: number;
}

/** A baseline JPEG as far as pdfkit reads one (start, JFIF, frame header 800 × 800, RGB), padded to `size`. */
function jpeg(size: number): Buffer {
  const bytes = Buffer.alloc(size, 0x55);
  const head = [
    [0xff, 0xd8],
    [
      0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x48, 0x00, 0x48, 0x00,
      0x00,
    ],
    [
      0xff, 0xc0, 0x00, 0x11, 0x08, 0x03, 0x20, 0x03, 0x20, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03,
      0x11, 0x01,
    ],
  ].flat();
  Buffer.from(head).copy(bytes);
  bytes.writeUInt16BE(0xffd9, size - 2);
  return bytes;
}

/** An 800 × 800 RGB PNG with a photo-like amount of detail (noise over a gradient). */
function png(side: number): Buffer {
  const row = side * 3 + 1;
  const raw = Buffer.alloc(row * side);
  let seed = 7;
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const offset = y * row + 1 + x * 3;
      raw[offset] = (x * 200) / side + (seed & 31);
      raw[offset + 1] = (y * 200) / side + ((seed >> 5) & 31);
      raw[offset + 2] = 120 + ((seed >> 10) & 31);
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const medical = (index: number, values: Partial<EmergencyMedical>): EmergencyMedical => ({
  id: `m${index}`,
  name: `Record ${index}`,
  date: '2026-03-01',
  knownSince: null,
  executingPerson: 'Dr. Anna Łęcka',
  executingOrganization: 'Tierklinik Süd',
  comments: 'Bitte nüchtern vorstellen; verträgt keine Sedierung mit Acepromazin.',
  surgeryType: null,
  dosage: null,
  takingSchedule: [],
  takingFrom: null,
  takingTo: null,
  reason: null,
  nextDueDate: null,
  batchNumber: null,
  ...values,
});

/** One pet with full data: 20 medical records, 8 contacts (two vets), every profile field, a picture. */
export function fullPet(picture: Buffer): EmergencyData {
  const records = Array.from({ length: 20 }, (_, i) => i);
  const pet: EmergencyPet = {
    id: 'pet-1',
    name: 'Bello vom Schloß Ağaçlı',
    petType: 'Dog',
    gender: 'male',
    race: 'Labrador Retriever',
    dateOfBirth: '2019-04-03',
    sizeCm: 58,
    color: 'schwarz mit weißer Brust',
    features: 'Kerbe im linken Ohr, weißer Fleck auf der Brust, Narbe am rechten Hinterlauf',
    labeling: '276098106543210',
    ancestry: 'Zwinger vom Schloß, Vater Ağa, Mutter İpek',
    latestWeight: { weight: 31.5, date: '2026-11-01' },
    picture: { printable: true, bytes: picture },
    secondContact: { name: 'Cora Mitbesitzerin', email: 'cora@example.com', phone: '+49 30 1234567' },
    contacts: Array.from({ length: 8 }, (_, i) => ({
      id: `c${i}`,
      title: i < 2 ? 'Dr.' : null,
      name: `Kontakt Nummer ${i + 1} Łukasiewicz`,
      address: 'Hauptstraße 1',
      zip: '10115',
      city: 'Berlin',
      country: 'DE',
      phone: '+49 30 1234567',
      email: `kontakt${i}@example.test`,
      contactType: ['Vet', 'Vet', 'Holder', 'Breeder', 'Groomer', 'CareTaker', 'Kennel', 'Trainer'][i]!,
      doctorSince: i < 2 ? '2019-03-01' : null,
    })),
    allergies: records
      .slice(0, 4)
      .map((i) => medical(i, { name: `Allergie ${i}`, knownSince: '2022-05-01' })),
    acuteDiseases: records
      .slice(4, 7)
      .map((i) => medical(i, { name: `Krankheit ${i}`, knownSince: '2026-09-01' })),
    medications: records.slice(7, 12).map((i) =>
      medical(i, {
        name: `Medikament ${i}`,
        dosage: '16 mg',
        takingSchedule: [0, 2],
        takingFrom: '2026-11-01',
        takingTo: '2026-12-31',
        reason: 'Juckreiz',
      }),
    ),
    interventions: records
      .slice(12, 16)
      .map((i) => medical(i, { name: `Eingriff ${i}`, surgeryType: 'Surgery', date: '2025-05-01' })),
    vaccinations: records.slice(16, 20).map((i) =>
      medical(i, {
        name: `Impfung ${i}`,
        date: '2025-11-01',
        nextDueDate: '2026-11-01',
        batchNumber: 'RB-17',
      }),
    ),
  };
  return {
    owner: {
      name: 'Jürgen Straßer-Łukasiewicz',
      email: 'owner@example.test',
      phone: '+49 30 987654',
      address1: 'Große Straße 1',
      address2: null,
      zipcode: '10115',
      city: 'Berlin',
      country: 'DE',
    },
    pets: [pet],
  };
}

function oneLine(): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument({ size: 'A4' });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.text('Emergency file');
    doc.end();
  });
}

export async function measure(name: string, render: () => Promise<Buffer>): Promise<PdfRenderResult> {
  for (let i = 0; i < WARM_UP; i++) await render();
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < RENDERS; i++) {
    const started = performance.now();
    bytes = (await render()).length;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!;
  return { name, p50: at(0.5), p95: at(0.95), bytes };
}

export async function benchEmergencyPdf(): Promise<PdfRenderResult[]> {
  const brand = brandConfig('petention');
  const options = (language: 'en' | 'de') => ({
    language,
    brand,
    generatedAt: new Date(),
    timeZone: 'Europe/Berlin',
    notfallUrl: notfallUrl(PUBLIC_URL),
  });
  const withJpeg = fullPet(jpeg(200 * 1024));
  // The file prints a picture's rendition (print-picture.ts), made once per picture and then kept.
  const pngBytes = png(800);
  const rendition = await printPicture('bench-png', async () => pngBytes);
  if (!rendition) throw new Error('the bench PNG has no print rendition');
  const withPng = fullPet(rendition);
  let conversions = 0;
  return [
    await measure('one line, built-in font (baseline)', oneLine),
    await measure('emergency file, en (200 kB JPEG)', () => renderEmergencyFile(withJpeg, options('en'))),
    await measure('emergency file, de (200 kB JPEG)', () => renderEmergencyFile(withJpeg, options('de'))),
    await measure('print rendition of an 800 × 800 PNG (once per picture)', async () => {
      conversions += 1;
      return (await printPicture(`bench-png-${conversions}`, async () => pngBytes)) ?? Buffer.alloc(0);
    }),
    await measure('emergency file, de (800 × 800 PNG, printed as its rendition)', () =>
      renderEmergencyFile(withPng, options('de')),
    ),
    await measure('tag, de', () =>
      renderEmergencyTag({
        petNames: [withJpeg.pets[0]!.name],
        password: 'K7XQ92MFTP',
        brand,
        publicUrl: PUBLIC_URL,
        language: 'de',
        generatedAt: new Date(),
      }),
    ),
  ];
}

export function emergencyPdfLines(results: PdfRenderResult[]): string[] {
  const width = Math.max(...results.map((r) => r.name.length));
  return results.map(
    (r) =>
      `pdf ${r.name.padEnd(width)}  p50 ${r.p50.toFixed(1).padStart(6)} ms  p95 ${r.p95.toFixed(1).padStart(6)} ms  ` +
      `${(r.bytes / 1024).toFixed(1).padStart(7)} kB`,
  );
}
