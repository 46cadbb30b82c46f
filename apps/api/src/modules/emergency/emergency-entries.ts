import { isoToDisplayDate } from '@pet/shared';
import type { EmergencyContact, EmergencyMedical } from './emergency-data.ts';
import type { EmergencyText } from './emergency-texts.ts';

// What the file says about one record, in its language: a title and one line of details per contact or
// medical entry, ages and places. No drawing here; emergency-pdf-layout.ts puts these on the page.

/** The file's texts and country names in its language. */
export interface EntryContext {
  t: EmergencyText;
  countries: Intl.DisplayNames;
}

/** A list entry's text: its name in bold, then its details in one smaller line. */
export interface EntryText {
  title: string;
  details: string[];
}

export const date = (iso: string) => isoToDisplayDate(iso);

export const joined = (parts: Array<string | null | undefined>, separator = ', ') =>
  parts.filter((p): p is string => typeof p === 'string' && p.trim() !== '').join(separator);

export function countryName(ctx: EntryContext, code: string | null): string | null {
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

const CONTACT_TYPE_KEYS = new Set(['Holder', 'Vet', 'Breeder', 'Groomer', 'CareTaker', 'Kennel', 'Trainer']);

export function contactEntry(ctx: EntryContext, c: EmergencyContact): EntryText {
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

const by = (ctx: EntryContext, m: EmergencyMedical) => {
  const who = joined([m.executingPerson, m.executingOrganization]);
  return who ? ctx.t('medical.by', { who }) : null;
};

export function allergyEntry(ctx: EntryContext, m: EmergencyMedical): EntryText {
  return {
    title: m.name,
    details: [
      m.knownSince ? ctx.t('medical.knownSince', { date: date(m.knownSince) }) : null,
      m.comments,
    ].filter((d): d is string => !!d),
  };
}

export function diseaseEntry(ctx: EntryContext, m: EmergencyMedical): EntryText {
  return {
    title: m.name,
    details: [
      m.knownSince ? ctx.t('medical.knownSince', { date: date(m.knownSince) }) : null,
      by(ctx, m),
      m.comments,
    ].filter((d): d is string => !!d),
  };
}

function period(ctx: EntryContext, m: EmergencyMedical): string | null {
  const { t } = ctx;
  if (m.takingFrom && m.takingTo)
    return t('medical.fromUntil', { from: date(m.takingFrom), to: date(m.takingTo) });
  if (m.takingFrom) return t('medical.from', { date: date(m.takingFrom) });
  if (m.takingTo) return t('medical.until', { date: date(m.takingTo) });
  return null;
}

export function medicationEntry(ctx: EntryContext, m: EmergencyMedical): EntryText {
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

export function interventionEntry(ctx: EntryContext, m: EmergencyMedical): EntryText {
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

export function vaccinationEntry(ctx: EntryContext, m: EmergencyMedical): EntryText {
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
