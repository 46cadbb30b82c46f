import { BRAND_IDS, brandConfig, isUnlimitedDocuments, type PlanLimits } from '@pet/shared';
import { describe, expect, it } from 'vitest';
import { type CatalogueEntry, loadCatalogue } from './catalogue.ts';
import { may, planLimits, type UserEntitlements } from './entitlements.service.ts';
import type { CurrentPlan } from './membership.service.ts';
import { entryColumns, type ProductRow } from './products.repo.ts';

// The plan rules for every plan of every brand's catalogue, through the service's `may` (which feeds the
// shared pure functions): what each plan allows, the message key when it refuses, and the upgrade prompt.

const catalogues = await Promise.all(
  BRAND_IDS.map(async (brand) => ({ brand, file: await loadCatalogue(brand) })),
);

function productRow(partnerId: string, entry: CatalogueEntry): ProductRow {
  const now = new Date();
  return {
    id: `${partnerId}:${entry.key}`,
    partnerId,
    createdAt: now,
    updatedAt: now,
    ...entryColumns(entry),
  };
}

function entitlements(
  brandId: (typeof BRAND_IDS)[number],
  product: ProductRow,
  flags: Partial<CurrentPlan> = {},
): UserEntitlements {
  const current: CurrentPlan = {
    product,
    productAssociated: !product.isDefault,
    isPromo: false,
    isGift: false,
    isTrial: false,
    trialMonths: null,
    trialEndsAt: null,
    activationCodeType: null,
    activationCodeId: null,
    trialJobId: null,
    ...flags,
  };
  return { brand: brandConfig(brandId), plan: planLimits(product), current };
}

const cases = catalogues.flatMap(({ brand, file }) =>
  file.products.map((entry) => ({
    brand,
    entry,
    label: `${brand} ${entry.key} (sequence ${entry.sequence})`,
  })),
);

describe.each(cases)('$label', ({ brand, entry }) => {
  const config = brandConfig(brand);
  const e = entitlements(brand, productRow(config.partnerId, entry));
  const upgrade = entry.sequence < (brand === 'hunde-schutz' ? 4 : 3);

  it('maps the product to its limits', () => {
    const expected: PlanLimits = {
      sequence: entry.sequence,
      pets_limit: entry.pets_limit,
      documents_limit: entry.documents_limit,
      appointments: entry.appointments,
      medical: entry.medical,
      emergency_file: entry.emergency_file,
      gps_tracking: entry.gps_tracking,
    };
    expect(e.plan).toEqual(expected);
  });

  it('pets: allowed below the limit, refused at it with the basic/premium message and upgrade rule', () => {
    expect(may.addPet(e, entry.pets_limit - 1)).toEqual({ allowed: true });
    expect(may.addPet(e, entry.pets_limit)).toEqual({
      allowed: false,
      upgrade,
      messageKey: upgrade ? 'Basic_Pet_Limit_Reached_Message' : 'Premium_Pet_Limit_Reached_Message',
    });
  });

  it('documents: 100 or more is unlimited, otherwise refused at the limit', () => {
    if (isUnlimitedDocuments(entry.documents_limit)) {
      expect(may.addDocument(e, 100_000)).toEqual({ allowed: true });
      return;
    }
    expect(may.addDocument(e, entry.documents_limit - 1)).toEqual({ allowed: true });
    expect(may.addDocument(e, entry.documents_limit)).toEqual({
      allowed: false,
      upgrade,
      messageKey: upgrade ? 'Basic_Document_Limit_Reached_Message' : 'Premium_Document_Limit_Reached_Message',
    });
  });

  it('appointments, medical data and GPS follow the flags; the free-message link is hidden on tier-fritz', () => {
    const link = brand !== 'tier-fritz';
    const refused = (messageKey: string) => ({ allowed: false, messageKey, upgrade: link });
    expect(may.addAppointment(e)).toEqual(
      entry.appointments ? { allowed: true } : refused('Appointment_Limit_Reached_Message'),
    );
    expect(may.addMedical(e)).toEqual(
      entry.medical ? { allowed: true } : refused('Medical_Add_Not_Allowed_Text'),
    );
    expect(may.useGps(e)).toEqual(entry.gps_tracking ? { allowed: true } : refused('Free_Service_Message'));
  });

  it('emergency file: sequence 0 refused on animal-care (Download_Not_Allowed_Text), else the flag decides', () => {
    const decision = may.downloadEmergencyFile(e);
    if (brand === 'animal-care' && entry.sequence === 0) {
      expect(decision).toMatchObject({ allowed: false, messageKey: 'Download_Not_Allowed_Text' });
    } else if (entry.emergency_file) {
      expect(decision).toEqual({ allowed: true });
    } else {
      expect(decision).toMatchObject({ allowed: false, messageKey: 'Paid_Service_Text' });
    }
  });

  it('downgrade: refused to gift users only', () => {
    expect(may.downgrade(e)).toEqual({ allowed: true });
    const gift = entitlements(brand, productRow(config.partnerId, entry), {
      isGift: true,
      activationCodeType: 'gift',
    });
    expect(may.downgrade(gift)).toEqual({
      allowed: false,
      messageKey: 'Downgrade_Not_Possible_Text',
      upgrade: false,
    });
  });
});

describe('the catalogues', () => {
  const byBrand = Object.fromEntries(catalogues.map(({ brand, file }) => [brand, file.products]));
  const table = (brand: string) =>
    byBrand[brand]!.map((p) => [
      p.sequence,
      p.name,
      p.pets_limit,
      p.documents_limit,
      p.appointments,
      p.medical,
      p.emergency_file,
      p.gps_tracking,
      p.monthly_price,
      p.yearly_price,
    ]);

  it.each(['petention', 'primepet', 'animal-care'])('%s sells the default set of DESIGN.md', (brand) => {
    expect(table(brand)).toEqual([
      [0, 'Free', 1, 5, false, false, false, false, 0, 0],
      [1, 'Basic', 3, 20, true, true, true, false, 2.99, 29.99],
      [2, 'Premium', 6, 100, true, true, true, false, 4.99, 49.99],
      [3, 'Premium GPS', 10, 100, true, true, true, true, 7.99, 79.99],
    ]);
  });

  it('hunde-schutz adds sequence 4, Premium Plus with 15 pets', () => {
    expect(table('hunde-schutz').slice(0, 4)).toEqual(table('petention'));
    expect(byBrand['hunde-schutz']![4]).toMatchObject({ sequence: 4, name: 'Premium Plus', pets_limit: 15 });
  });

  it('tier-fritz sells BASIS 1 / 12 / 24 (months), all with GPS, above its free plan', () => {
    expect(byBrand['tier-fritz']!.map((p) => [p.sequence, p.name, p.duration, p.gps_tracking])).toEqual([
      [0, 'Free', null, false],
      [1, 'BASIS 1', 1, true],
      [2, 'BASIS 12', 12, true],
      [3, 'BASIS 24', 24, true],
    ]);
  });

  it('each brand has exactly one default plan, at sequence 0, free of charge', () => {
    for (const { file } of catalogues) {
      const defaults = file.products.filter((p) => p.is_default);
      expect(defaults).toHaveLength(1);
      expect(defaults[0]).toMatchObject({ sequence: 0, monthly_price: 0, yearly_price: 0, active: true });
    }
  });

  it('GPS plans carry the brand’s one-time tracker price (49.95, 49.99 or 59)', () => {
    for (const { file } of catalogues) {
      for (const p of file.products.filter((x) => x.gps_tracking))
        expect([49.95, 49.99, 59]).toContain(p.tracker_price);
    }
  });

  it('a user without any product gets NO_PLAN: one pet, five documents, nothing else', () => {
    expect(planLimits(null)).toMatchObject({ pets_limit: 1, documents_limit: 5, appointments: false });
  });
});
