import { describe, expect, it } from 'vitest';
import { BRAND_IDS, brandConfig, isBrandId } from './brands.ts';

describe('brands', () => {
  it('has one complete config per brand with a unique partner id', () => {
    const partners = new Set(BRAND_IDS.map((id) => brandConfig(id).partnerId));
    expect(partners.size).toBe(BRAND_IDS.length);
    for (const id of BRAND_IDS) {
      const brand = brandConfig(id);
      expect(brand.id).toBe(id);
      expect(brand.petTypes.length).toBeGreaterThan(0);
      expect(brand.codeOptions).toContain('yes');
      expect(brand.dashboardCards.length).toBeGreaterThan(0);
    }
  });

  it('encodes the differences of DESIGN.md', () => {
    expect(brandConfig('petention').registerLinkOnSignin).toBe(false);
    expect(brandConfig('hunde-schutz').petTypes).toEqual(['Dog']);
    expect(brandConfig('hunde-schutz').menu.bills).toBe(false);
    expect(brandConfig('hunde-schutz').holdWithoutProduct).toBe(true);
    expect(brandConfig('hunde-schutz').petNameInAppointments).toBe(false);
    expect(brandConfig('tier-fritz').codeOptions).not.toContain('without');
    expect(brandConfig('tier-fritz').requiresTracker).toBe(true);
    expect(brandConfig('tier-fritz').menu.updatePayment).toBe(false);
    expect(brandConfig('tier-fritz').couponField).toBe(false);
    expect(brandConfig('primepet').signupClosed).toBe(true);
    expect(brandConfig('primepet').canPlaceOrders).toBe(false);
    expect(brandConfig('animal-care').petNameInAppointments).toBe(false);
    expect(brandConfig('animal-care').freeEmergencyDownload).toBe(false);
  });

  it('recognises brand ids', () => {
    expect(isBrandId('tier-fritz')).toBe(true);
    expect(isBrandId('fritz')).toBe(false);
  });
});
