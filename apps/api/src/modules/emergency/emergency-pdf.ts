import { type BrandConfig, isoToDisplayDate, type Language } from '@pet/shared';
import { BUSINESS_TIME_ZONE } from '../../lib/dates.ts';
import { instantToZoned } from '../../lib/zoned-time.ts';
import { drawBrandLogo } from '../../pdf/brand-logo.ts';
import {
  brandColours,
  createPdf,
  FONT,
  finishPdf,
  INK,
  onEveryPage,
  type Pdf,
} from '../../pdf/pdf-document.ts';
import type { EmergencyContact, EmergencyData, EmergencyMedical, EmergencyPet } from './emergency-data.ts';
import { type EmergencyText, type EmergencyTextKey, emergencyTexts } from './emergency-texts.ts';
import { drawQrCode } from './pdf-qr.ts';

// The emergency file (A4, English or German): a first block with the date it was made and a QR code to the
// public /notfall page, then one section per pet, each starting on a page of its own: picture and profile,
// the owner, contacts (vets first), allergies, acute diseases, medications in use, and the interventions and
// vaccinations of the last two years. A section without entries says so instead of vanishing. Every page
// carries the brand and "page n of m".

export interface EmergencyFileOptions {
  language: Language;
  brand: BrandConfig;
  generatedAt: Date;
  /** The zone the creation time is printed in and ages are counted in (default: Europe/Berlin). */
  timeZone?: string;
  /** Where the QR code leads: the portal's /notfall page (notfall-url.ts). */
  notfallUrl: string;
}

const PAGE = { width: 595.28, height: 841.89 };
const MARGINS = { top: 62, bottom: 58, left: 48, right: 48 };
const CONTENT_WIDTH = PAGE.width - MARGINS.left - MARGINS.right;
const PICTURE_SIZE = 132;
const LABEL_WIDTH = 116;
const QR_SIZE = 104;

const SIZE = { title: 22, petName: 18, heading: 11.5, text: 10, detail: 8.8, small: 8 } as const;

/** What the renderer needs besides the data: texts, number and date formats in the file's language. */
interface Context {
  doc: Pdf;
  t: EmergencyText;
  language: Language;
  brand: BrandConfig;
  /** yyyy-MM-dd of the creation day in the file's zone (ages). */
  today: string;
  number: Intl.NumberFormat;
  countries: Intl.DisplayNames;
}

const date = (iso: string) => isoToDisplayDate(iso);

function countryName(ctx: Context, code: string | null): string | null {
  if (!code) return null;
  try {
    return ctx.countries.of(code) ?? code;
  } catch {
    return code;
  }
}

/** "2 years, 3 months" from a yyyy-MM-dd birthday to the creation day; null for a birthday after it. */
export function ageText(t: EmergencyText, birthIso: string, todayIso: string): string | null {
  const [by, bm, bd] = birthIso.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = todayIso.split('-').map(Number) as [number, number, number];
  let months = (ty - by) * 12 + (tm - bm);
  if (td < bd) months -= 1;
  if (months < 0) return null;
  const years = Math.floor(months / 12);
  const rest = months % 12;
  const plural = (unit: 'years' | 'months', count: number) =>
    t(count === 1 ? `age.${unit}_one` : `age.${unit}_other`, { count });
  if (years === 0 && rest === 0) return t('age.newborn');
  if (years === 0) return plural('months', rest);
  if (rest === 0) return plural('years', years);
  return t('age.yearsAndMonths', { years: plural('years', years), months: plural('months', rest) });
}

const joined = (parts: Array<string | null | undefined>, separator = ', ') =>
  parts.filter((p): p is string => typeof p === 'string' && p.trim() !== '').join(separator);

// --- layout primitives -------------------------------------------------------------------------------

const bottomOfPage = (doc: Pdf) => doc.page.height - doc.page.margins.bottom;

/** A line across the text area at `y`. */
function rule(doc: Pdf, y: number, width: number, colour: string): void {
  doc
    .moveTo(MARGINS.left, y)
    .lineTo(MARGINS.left + CONTENT_WIDTH, y)
    .lineWidth(width)
    .strokeColor(colour)
    .stroke();
}

/** Starts a new page unless `height` more points fit on this one. */
function ensureSpace(doc: Pdf, height: number): void {
  if (doc.y + height > bottomOfPage(doc)) doc.addPage();
}

function measure(doc: Pdf, font: string, size: number, text: string, width: number): number {
  return doc.font(font).fontSize(size).heightOfString(text, { width, lineGap: 1 });
}

/** A label and its value side by side, from `x` over `width`. */
function row(ctx: Context, label: string, value: string, x: number, width: number): void {
  const { doc } = ctx;
  const valueWidth = width - LABEL_WIDTH;
  const height = Math.max(
    measure(doc, FONT.regular, SIZE.detail, label, LABEL_WIDTH - 8),
    measure(doc, FONT.regular, SIZE.text, value, valueWidth),
  );
  ensureSpace(doc, height);
  const y = doc.y;
  doc
    .font(FONT.regular)
    .fontSize(SIZE.detail)
    .fillColor(INK.muted)
    .text(label, x, y + 1, { width: LABEL_WIDTH - 8, lineGap: 1 });
  doc
    .font(FONT.regular)
    .fontSize(SIZE.text)
    .fillColor(INK.text)
    .text(value, x + LABEL_WIDTH, y, { width: valueWidth, lineGap: 1 });
  doc.y = y + height + 3;
}

/** A section's heading, kept on one page with the first lines below it. */
function heading(ctx: Context, text: string): void {
  const { doc } = ctx;
  ensureSpace(doc, 48);
  // Space above a heading, but not at the top of a page.
  if (doc.y > doc.page.margins.top) doc.y += 8;
  const colours = brandColours(ctx.brand);
  doc
    .font(FONT.bold)
    .fontSize(SIZE.heading)
    .fillColor(colours.text)
    .text(text, MARGINS.left, doc.y, { width: CONTENT_WIDTH });
  const y = doc.y + 1;
  rule(doc, y, 0.6, INK.rule);
  doc.y = y + 5;
}

/** One entry of a list: its name in bold, then its details in one smaller line. */
function entry(ctx: Context, title: string, details: string[]): void {
  const { doc } = ctx;
  const detail = joined(details, ' · ');
  const titleHeight = measure(doc, FONT.bold, SIZE.text, title, CONTENT_WIDTH);
  const detailHeight = detail ? measure(doc, FONT.regular, SIZE.detail, detail, CONTENT_WIDTH) : 0;
  ensureSpace(doc, titleHeight + detailHeight + 4);
  doc
    .font(FONT.bold)
    .fontSize(SIZE.text)
    .fillColor(INK.text)
    .text(title, MARGINS.left, doc.y, { width: CONTENT_WIDTH, lineGap: 1 });
  if (detail) {
    doc
      .font(FONT.regular)
      .fontSize(SIZE.detail)
      .fillColor(INK.muted)
      .text(detail, MARGINS.left, doc.y, { width: CONTENT_WIDTH, lineGap: 1 });
  }
  doc.y += 5;
}

function emptyNote(ctx: Context, text: string): void {
  const { doc } = ctx;
  ensureSpace(doc, 16);
  doc
    .font(FONT.regular)
    .fontSize(SIZE.detail)
    .fillColor(INK.muted)
    .text(text, MARGINS.left, doc.y, { width: CONTENT_WIDTH });
  doc.y += 4;
}

function list<T>(
  ctx: Context,
  section: 'contacts' | 'allergies' | 'diseases' | 'medications' | 'interventions' | 'vaccinations',
  items: T[],
  toEntry: (item: T) => { title: string; details: string[] },
): void {
  heading(ctx, ctx.t(`${section}.title`));
  if (items.length === 0) {
    emptyNote(ctx, ctx.t(`${section}.none`));
    return;
  }
  for (const item of items) {
    const { title, details } = toEntry(item);
    entry(ctx, title, details);
  }
}

// --- the parts of the file ---------------------------------------------------------------------------

function firstPageHeader(ctx: Context, data: EmergencyData, options: EmergencyFileOptions): void {
  const { doc, t } = ctx;
  const top = MARGINS.top;
  const textWidth = CONTENT_WIDTH - QR_SIZE - 24;
  const qrX = MARGINS.left + CONTENT_WIDTH - QR_SIZE;
  drawQrCode(doc, options.notfallUrl, qrX, top, QR_SIZE);
  const captionWidth = QR_SIZE + 24;
  doc
    .font(FONT.bold)
    .fontSize(SIZE.small)
    .fillColor(INK.text)
    .text(t('file.qrCaption'), qrX - 24, top + QR_SIZE + 2, { width: captionWidth, align: 'right' });
  doc
    .font(FONT.regular)
    .fontSize(SIZE.small - 0.5)
    .fillColor(INK.muted)
    .text(options.notfallUrl, qrX - 24, doc.y, { width: captionWidth, align: 'right' });
  const qrBottom = doc.y;

  const created = instantToZoned(options.generatedAt, options.timeZone ?? BUSINESS_TIME_ZONE);
  doc
    .font(FONT.bold)
    .fontSize(SIZE.title)
    .fillColor(INK.text)
    .text(t('file.title'), MARGINS.left, top, { width: textWidth });
  doc
    .font(FONT.regular)
    .fontSize(SIZE.text)
    .fillColor(INK.muted)
    .text(
      t('file.generated', {
        date: date(created.date),
        time: created.time.slice(0, 5),
        zone: options.timeZone ?? BUSINESS_TIME_ZONE,
      }),
      MARGINS.left,
      doc.y + 2,
      { width: textWidth },
    );
  if (data.pets.length > 0) {
    const names = new Intl.ListFormat(ctx.language, { type: 'conjunction' }).format(
      data.pets.map((p) => p.name),
    );
    doc
      .fillColor(INK.text)
      .text(t('file.intro', { names }), MARGINS.left, doc.y + 8, { width: textWidth, lineGap: 1 });
  }
  doc
    .fontSize(SIZE.small)
    .fillColor(INK.muted)
    .text(t('file.qrHint'), MARGINS.left, doc.y + 6, { width: textWidth });
  doc.y = Math.max(doc.y, qrBottom) + 14;
}

function pictureBox(ctx: Context, pet: EmergencyPet, x: number, y: number): void {
  const { doc, t } = ctx;
  if (pet.picture?.printable) {
    try {
      doc.image(pet.picture.bytes, x, y, {
        fit: [PICTURE_SIZE, PICTURE_SIZE],
        align: 'center',
        valign: 'center',
      });
      return;
    } catch {
      // Bytes that claim to be a JPEG or PNG but are not one: the placeholder below says so.
    }
  }
  doc.roundedRect(x, y, PICTURE_SIZE, PICTURE_SIZE, 6).fill(INK.box);
  const text = pet.picture ? t('pet.picture.unprintable') : t('pet.picture.none');
  doc
    .font(FONT.regular)
    .fontSize(SIZE.detail)
    .fillColor(INK.muted)
    .text(text, x + 10, y + PICTURE_SIZE / 2 - 10, { width: PICTURE_SIZE - 20, align: 'center' });
}

function profile(ctx: Context, pet: EmergencyPet): void {
  const { doc, t } = ctx;
  const colours = brandColours(ctx.brand);
  ensureSpace(doc, PICTURE_SIZE + 40);
  doc
    .font(FONT.bold)
    .fontSize(SIZE.petName)
    .fillColor(colours.text)
    .text(pet.name, MARGINS.left, doc.y, { width: CONTENT_WIDTH });
  const ruleY = doc.y + 2;
  rule(doc, ruleY, 1.2, colours.mark);
  const top = ruleY + 10;
  pictureBox(ctx, pet, MARGINS.left, top);

  const none = t('pet.notGiven');
  const born = pet.dateOfBirth
    ? ((age) => (age ? t('pet.bornWithAge', { date: date(pet.dateOfBirth!), age }) : date(pet.dateOfBirth!)))(
        ageText(t, pet.dateOfBirth, ctx.today),
      )
    : none;
  const weight = pet.latestWeight
    ? t('pet.weightValue', {
        weight: ctx.number.format(pet.latestWeight.weight),
        date: date(pet.latestWeight.date),
      })
    : none;
  const species = (['Dog', 'Cat', 'Other'] as const).includes(pet.petType as 'Dog')
    ? t(`pet.${pet.petType as 'Dog' | 'Cat' | 'Other'}`)
    : pet.petType;
  const sex = pet.gender === 'male' || pet.gender === 'female' ? t(`pet.${pet.gender}`) : none;
  const rows: Array<[EmergencyTextKey, string]> = [
    ['pet.species', species],
    ['pet.breed', pet.race || none],
    ['pet.sex', sex],
    ['pet.dateOfBirth', born],
    ['pet.colour', pet.color || none],
    ['pet.features', pet.features || none],
    ['pet.size', pet.sizeCm === null ? none : t('pet.sizeValue', { size: pet.sizeCm })],
    ['pet.weight', weight],
    ['pet.chip', pet.labeling || none],
    ['pet.ancestry', pet.ancestry || none],
  ];
  const x = MARGINS.left + PICTURE_SIZE + 18;
  doc.y = top;
  for (const [label, value] of rows) row(ctx, t(label), value, x, CONTENT_WIDTH - PICTURE_SIZE - 18);
  // Rows long enough to run onto the next page end below the picture anyway.
  doc.y = doc.y < top ? doc.y : Math.max(doc.y, top + PICTURE_SIZE) + 4;
}

function owner(ctx: Context, data: EmergencyData): void {
  const { t } = ctx;
  const o = data.owner;
  heading(ctx, t('owner.title'));
  const address = joined([
    o.address1,
    o.address2,
    joined([o.zipcode, o.city], ' '),
    countryName(ctx, o.country),
  ]);
  const none = t('pet.notGiven');
  row(ctx, t('owner.name'), o.name, MARGINS.left, CONTENT_WIDTH);
  row(ctx, t('owner.address'), address || none, MARGINS.left, CONTENT_WIDTH);
  row(ctx, t('owner.phone'), o.phone || none, MARGINS.left, CONTENT_WIDTH);
  row(ctx, t('owner.email'), o.email, MARGINS.left, CONTENT_WIDTH);
}

const CONTACT_TYPE_KEYS = new Set(['Holder', 'Vet', 'Breeder', 'Groomer', 'CareTaker', 'Kennel', 'Trainer']);

function contactEntry(ctx: Context, c: EmergencyContact) {
  const type = CONTACT_TYPE_KEYS.has(c.contactType)
    ? ctx.t(`contacts.${c.contactType as 'Vet'}`)
    : c.contactType;
  return {
    title: `${type}: ${joined([c.title, c.name], ' ')}`,
    details: [
      c.phone,
      c.email,
      joined([c.address, joined([c.zip, c.city], ' '), countryName(ctx, c.country)]),
      c.doctorSince ? ctx.t('contacts.vetSince', { date: date(c.doctorSince) }) : null,
    ].filter((d): d is string => !!d),
  };
}

const by = (ctx: Context, m: EmergencyMedical) => {
  const who = joined([m.executingPerson, m.executingOrganization]);
  return who ? ctx.t('medical.by', { who }) : null;
};

function allergyEntry(ctx: Context, m: EmergencyMedical) {
  return {
    title: m.name,
    details: [
      m.knownSince ? ctx.t('medical.knownSince', { date: date(m.knownSince) }) : null,
      m.comments,
    ].filter((d): d is string => !!d),
  };
}

function diseaseEntry(ctx: Context, m: EmergencyMedical) {
  return {
    title: m.name,
    details: [
      m.knownSince ? ctx.t('medical.knownSince', { date: date(m.knownSince) }) : null,
      by(ctx, m),
      m.comments,
    ].filter((d): d is string => !!d),
  };
}

function period(ctx: Context, m: EmergencyMedical): string | null {
  const { t } = ctx;
  if (m.takingFrom && m.takingTo)
    return t('medical.fromUntil', { from: date(m.takingFrom), to: date(m.takingTo) });
  if (m.takingFrom) return t('medical.from', { date: date(m.takingFrom) });
  if (m.takingTo) return t('medical.until', { date: date(m.takingTo) });
  return null;
}

function medicationEntry(ctx: Context, m: EmergencyMedical) {
  const { t } = ctx;
  const schedule = [...new Set(m.takingSchedule)]
    .filter((s) => s === 0 || s === 1 || s === 2)
    .sort()
    .map((s) => t(`schedule.${s as 0 | 1 | 2}`))
    .join(', ');
  return {
    title: m.dosage ? `${m.name}: ${m.dosage}` : m.name,
    details: [
      schedule,
      period(ctx, m),
      m.reason ? t('medical.reason', { reason: m.reason }) : null,
      m.comments,
    ].filter((d): d is string => !!d),
  };
}

function interventionEntry(ctx: Context, m: EmergencyMedical) {
  const { t } = ctx;
  const kind =
    m.surgeryType === 'Surgery' || m.surgeryType === 'Implant' ? t(`medical.${m.surgeryType}`) : null;
  return {
    title: kind ? `${m.name} (${kind})` : m.name,
    details: [m.date ? t('medical.on', { date: date(m.date) }) : null, by(ctx, m), m.comments].filter(
      (d): d is string => !!d,
    ),
  };
}

function vaccinationEntry(ctx: Context, m: EmergencyMedical) {
  const { t } = ctx;
  return {
    title: m.name,
    details: [
      m.date ? t('medical.on', { date: date(m.date) }) : null,
      m.nextDueDate ? t('medical.nextDue', { date: date(m.nextDueDate) }) : null,
      m.batchNumber ? t('medical.batch', { batch: m.batchNumber }) : null,
      by(ctx, m),
    ].filter((d): d is string => !!d),
  };
}

function petSection(ctx: Context, data: EmergencyData, pet: EmergencyPet): void {
  profile(ctx, pet);
  owner(ctx, data);
  list(ctx, 'contacts', pet.contacts, (c) => contactEntry(ctx, c));
  list(ctx, 'allergies', pet.allergies, (m) => allergyEntry(ctx, m));
  list(ctx, 'diseases', pet.acuteDiseases, (m) => diseaseEntry(ctx, m));
  list(ctx, 'medications', pet.medications, (m) => medicationEntry(ctx, m));
  list(ctx, 'interventions', pet.interventions, (m) => interventionEntry(ctx, m));
  list(ctx, 'vaccinations', pet.vaccinations, (m) => vaccinationEntry(ctx, m));
}

function pageFrame(ctx: Context, generated: string, pageNumber: number, pageCount: number): void {
  const { doc, t } = ctx;
  const width = CONTENT_WIDTH;
  drawBrandLogo(doc, ctx.brand, MARGINS.left, 20, 18);
  doc
    .font(FONT.regular)
    .fontSize(SIZE.small)
    .fillColor(INK.muted)
    .text(t('file.title'), MARGINS.left, 27, { width, align: 'right', lineBreak: false });
  rule(doc, 44, 0.5, INK.rule);
  const footerY = PAGE.height - 40;
  rule(doc, footerY - 6, 0.5, INK.rule);
  doc
    .font(FONT.regular)
    .fontSize(SIZE.small)
    .fillColor(INK.muted)
    .text(generated, MARGINS.left, footerY, { width: width / 2, lineBreak: false });
  doc.text(t('file.page', { page: pageNumber, pages: pageCount }), MARGINS.left + width / 2, footerY, {
    width: width / 2,
    align: 'right',
    lineBreak: false,
  });
}

/** The emergency file of one owner as PDF bytes. */
export async function renderEmergencyFile(
  data: EmergencyData,
  options: EmergencyFileOptions,
): Promise<Buffer> {
  const t = emergencyTexts(options.language);
  const timeZone = options.timeZone ?? BUSINESS_TIME_ZONE;
  const created = instantToZoned(options.generatedAt, timeZone);
  const doc = createPdf({
    title: `${t('file.title')}: ${data.pets.map((p) => p.name).join(', ')}`,
    language: options.language,
    brand: options.brand,
    generatedAt: options.generatedAt,
    margins: MARGINS,
  });
  const ctx: Context = {
    doc,
    t,
    language: options.language,
    brand: options.brand,
    today: created.date,
    number: new Intl.NumberFormat(options.language, { maximumFractionDigits: 3 }),
    countries: new Intl.DisplayNames([options.language], { type: 'region' }),
  };

  firstPageHeader(ctx, data, options);
  if (data.pets.length === 0) {
    emptyNote(ctx, t('file.noPets'));
    owner(ctx, data);
  }
  data.pets.forEach((pet, index) => {
    if (index > 0) doc.addPage();
    petSection(ctx, data, pet);
  });

  const generated = t('file.generated', {
    date: date(created.date),
    time: created.time.slice(0, 5),
    zone: timeZone,
  });
  onEveryPage(doc, (page, pages) => pageFrame(ctx, generated, page, pages));
  return finishPdf(doc);
}
