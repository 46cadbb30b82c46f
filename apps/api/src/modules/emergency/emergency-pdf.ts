import type { BrandConfig, Language } from '@pet/shared';
import { BUSINESS_TIME_ZONE } from '../../lib/business-day.ts';
import { instantToZoned } from '../../lib/zoned-time.ts';
import { drawBrandLogo } from '../../pdf/brand-logo.ts';
import { brandColours, createPdf, FONT, finishPdf, INK, onEveryPage } from '../../pdf/pdf-document.ts';
import type { EmergencyData, EmergencyPet } from './emergency-data.ts';
import {
  ageText,
  allergyEntry,
  contactEntry,
  countryName,
  date,
  diseaseEntry,
  interventionEntry,
  joined,
  medicationEntry,
  vaccinationEntry,
} from './emergency-entries.ts';
import {
  CONTENT_WIDTH,
  type Context,
  emptyNote,
  ensureSpace,
  heading,
  list,
  MARGINS,
  PAGE,
  row,
  rule,
  SIZE,
} from './emergency-pdf-layout.ts';
import { type EmergencyTextKey, emergencyTexts } from './emergency-texts.ts';
import { drawQrCode } from './pdf-qr.ts';

// The emergency file (A4, English or German): a first block with the date it was made and a QR code to the
// public /notfall page, then one section per pet, each starting on a page of its own: picture and profile,
// the owner, the second contact the owner named (if any), contacts (vets first), allergies, acute diseases, medications in use, and the interventions and
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

const PICTURE_SIZE = 132;
const QR_SIZE = 104;

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

/** The co-owner the owner named for this pet, reachable when the owner is not (issue 49). */
function secondContact(ctx: Context, pet: EmergencyPet): void {
  const person = pet.secondContact;
  if (!person) return;
  const { t } = ctx;
  heading(ctx, t('secondContact.title'));
  row(ctx, t('owner.name'), person.name, MARGINS.left, CONTENT_WIDTH);
  row(ctx, t('owner.phone'), person.phone || t('pet.notGiven'), MARGINS.left, CONTENT_WIDTH);
  row(ctx, t('owner.email'), person.email, MARGINS.left, CONTENT_WIDTH);
}

function petSection(ctx: Context, data: EmergencyData, pet: EmergencyPet): void {
  profile(ctx, pet);
  owner(ctx, data);
  secondContact(ctx, pet);
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
