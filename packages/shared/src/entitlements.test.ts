import { describe, expect, it } from 'vitest';
import { BRAND_IDS, brandConfig } from './brands.ts';
import {
  isUnlimitedDocuments,
  mayAddAppointment,
  mayAddDocument,
  mayAddMedical,
  mayAddPet,
  mayDownloadEmergencyFile,
  mayUseGps,
  NO_PLAN,
  type PlanLimits,
} from './entitlements.ts';

const plan = (sequence: number, over: Partial<PlanLimits> = {}): PlanLimits => ({
  ...NO_PLAN,
  sequence,
  pets_limit: [1, 3, 6, 10, 15][sequence] ?? 1,
  documents_limit: [5, 20, 100, 100, 100][sequence] ?? 5,
  appointments: sequence > 0,
  medical: sequence > 0,
  emergency_file: sequence > 0,
  gps_tracking: sequence >= 3,
  ...over,
});

describe('pet limit', () => {
  it('allows pets below the limit and refuses at it', () => {
    const brand = brandConfig('petention');
    expect(mayAddPet(brand, plan(1), 2)).toEqual({ allowed: true });
    expect(mayAddPet(brand, plan(1), 3)).toMatchObject({ allowed: false });
  });

  it.each(BRAND_IDS)('offers the upgrade below the brand threshold on %s', (id) => {
    const brand = brandConfig(id);
    const threshold = id === 'hunde-schutz' ? 4 : 3;
    for (let sequence = 0; sequence <= 4; sequence++) {
      const decision = mayAddPet(brand, plan(sequence), 99);
      const upgrade = sequence < threshold;
      expect(decision).toEqual({
        allowed: false,
        upgrade,
        messageKey: upgrade ? 'Basic_Pet_Limit_Reached_Message' : 'Premium_Pet_Limit_Reached_Message',
      });
    }
  });
});

describe('document limit', () => {
  it('treats 100 or more as unlimited', () => {
    expect(isUnlimitedDocuments(99)).toBe(false);
    expect(isUnlimitedDocuments(100)).toBe(true);
    expect(mayAddDocument(brandConfig('petention'), plan(2), 5000)).toEqual({ allowed: true });
  });

  it('refuses at a limited plan with the basic message', () => {
    expect(mayAddDocument(brandConfig('petention'), plan(0), 5)).toEqual({
      allowed: false,
      upgrade: true,
      messageKey: 'Basic_Document_Limit_Reached_Message',
    });
    expect(mayAddDocument(brandConfig('petention'), plan(0), 4)).toEqual({ allowed: true });
  });
});

describe('feature flags', () => {
  it('follows the plan flags for appointments, medical data and GPS', () => {
    const brand = brandConfig('petention');
    expect(mayAddAppointment(brand, plan(0))).toMatchObject({
      allowed: false,
      messageKey: 'Appointment_Limit_Reached_Message',
    });
    expect(mayAddAppointment(brand, plan(1))).toEqual({ allowed: true });
    expect(mayAddMedical(brand, plan(0))).toMatchObject({ messageKey: 'Medical_Add_Not_Allowed_Text' });
    expect(mayUseGps(brand, plan(2))).toMatchObject({ allowed: false });
    expect(mayUseGps(brand, plan(3))).toEqual({ allowed: true });
  });

  it('hides the upgrade link in the free message on tier-fritz', () => {
    expect(mayAddAppointment(brandConfig('tier-fritz'), plan(0))).toMatchObject({ upgrade: false });
    expect(mayAddAppointment(brandConfig('petention'), plan(0))).toMatchObject({ upgrade: true });
  });

  it('refuses the emergency file to sequence 0 on animal-care even when the plan has it', () => {
    const free = plan(0, { emergency_file: true });
    expect(mayDownloadEmergencyFile(brandConfig('animal-care'), free)).toMatchObject({
      allowed: false,
      messageKey: 'Download_Not_Allowed_Text',
    });
    expect(mayDownloadEmergencyFile(brandConfig('petention'), free)).toEqual({ allowed: true });
    expect(mayDownloadEmergencyFile(brandConfig('petention'), plan(0))).toMatchObject({
      messageKey: 'Paid_Service_Text',
    });
  });
});
