import type { BrandConfig, EmergencyLanguage } from '@pet/shared';
import { paths } from '@pet/shared/paths';
import { and, asc, eq } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { pets } from '../../db/schema/pets.ts';
import { notFound } from '../../lib/errors.ts';
import type { Storage } from '../../storage/storage.ts';
import { emergencyPasswordOf } from './emergency.repo.ts';

// The one seam between the emergency routes and the PDF renderer: the routes call only these two functions.
//
// PLACEHOLDER (issue 12, API branch): the real renderer (emergency-data.ts gathering the owner's pets,
// contacts and medical data; emergency-pdf.ts `renderEmergencyFile(data, options)`; emergency-tag.ts) is
// built on another branch. At merge the lead replaces the two bodies below with calls into it and deletes
// the queries and the minimal layout here. Until then they render a real but minimal PDF: a title, the
// owner's name and each pet's name (Helvetica: Latin-1 text only). The tests rely on nothing more than
// "a PDF whose text has the pet's name".

export interface EmergencyFileDeps {
  db: DbOrTx;
  brand: BrandConfig;
  /** The time the file says it was made. */
  clock: () => Date;
  publicUrl: string;
  /** Where the pets' pictures are (the real renderer prints them). */
  storage: Storage;
}

const TITLES: Record<EmergencyLanguage, { file: string; tag: string }> = {
  en: { file: 'Emergency file', tag: 'If found, please scan' },
  de: { file: 'Notfallakte', tag: 'Gefunden? Bitte scannen' },
};

/** The owner's emergency file: every pet of the user, in `language`. */
export async function emergencyFilePdf(
  deps: EmergencyFileDeps,
  userId: string,
  language: EmergencyLanguage,
): Promise<Buffer> {
  const [owner] = await deps.db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  const petNames = await deps.db
    .select({ name: pets.name })
    .from(pets)
    .where(eq(pets.userId, userId))
    .orderBy(asc(pets.createdAt), asc(pets.id));
  return placeholderPdf([
    `${deps.brand.displayName}: ${TITLES[language].file}`,
    owner?.name ?? '',
    ...petNames.map((pet) => pet.name),
    deps.clock().toISOString(),
  ]);
}

/** The printable tag of one of the user's pets (404 for any other), leading to `/notfall?code=<password>`. */
export async function emergencyTagPdf(
  deps: EmergencyFileDeps,
  userId: string,
  petId: string,
  language: EmergencyLanguage,
): Promise<Buffer> {
  const [pet] = await deps.db
    .select({ name: pets.name })
    .from(pets)
    .where(and(eq(pets.id, petId), eq(pets.userId, userId)));
  if (!pet) throw notFound();
  const password = await emergencyPasswordOf(deps.db, userId);
  if (!password) throw notFound('Emergency_Password_Required_Text');
  const url = `${deps.publicUrl}${paths.notfall}?code=${encodeURIComponent(password.password)}`;
  return placeholderPdf([pet.name, TITLES[language].tag, url, deps.brand.displayName]);
}

function placeholderPdf(lines: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', info: { Title: lines[0] ?? '' } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(20).text(lines[0] ?? '');
    doc.fontSize(12);
    for (const line of lines.slice(1)) doc.moveDown(0.5).text(line);
    doc.end();
  });
}
