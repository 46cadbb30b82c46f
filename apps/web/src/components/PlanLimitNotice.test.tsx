import { type BrandId, brandConfig } from '@pet/shared/brands';
import {
  type Decision,
  mayAddAppointment,
  mayAddDocument,
  mayAddMedical,
  mayAddPet,
  mayDownloadEmergencyFile,
  mayUseGps,
  NO_PLAN,
  type PlanLimits,
} from '@pet/shared/entitlements';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api/ApiError.ts';
import { renderRoutes } from '../test/render.tsx';
import { PlanLimitNotice } from './PlanLimitNotice.tsx';

function show(
  props: { decision?: Decision; error?: unknown },
  brand: BrandId = 'petention',
  language?: 'de',
) {
  return renderRoutes([{ path: '/', element: <PlanLimitNotice {...props} /> }], { brand, language });
}

const plan = (overrides: Partial<PlanLimits>): PlanLimits => ({ ...NO_PLAN, ...overrides });
const upgradeButton = () => screen.queryByRole('link', { name: /Upgrade now/ });

describe('plan limit notice', () => {
  it('shows nothing when the action is allowed', () => {
    const { container } = show({ decision: mayAddPet(brandConfig('petention'), NO_PLAN, 0) });
    expect(container.querySelector('[data-testid="plan-limit-notice"]')).toBeNull();
  });

  it('pet limit on a basic plan: the Basic_ message and an upgrade button to the subscription page', () => {
    show({ decision: mayAddPet(brandConfig('petention'), plan({ sequence: 1, pets_limit: 3 }), 3) });
    expect(screen.getByText(/You have reached the pet limit of your plan/)).toBeTruthy();
    expect(upgradeButton()?.getAttribute('href')).toBe('/my-account/subscription');
  });

  it('pet limit at sequence 3: Premium_ message without upgrade, but hunde-schutz still offers one', () => {
    const top = plan({ sequence: 3, pets_limit: 10 });
    show({ decision: mayAddPet(brandConfig('petention'), top, 10) });
    expect(screen.getByText('You have reached the maximum number of pets.')).toBeTruthy();
    expect(upgradeButton()).toBeNull();
  });

  it('hunde-schutz offers the upgrade below sequence 4', () => {
    show(
      { decision: mayAddPet(brandConfig('hunde-schutz'), plan({ sequence: 3, pets_limit: 10 }), 10) },
      'hunde-schutz',
    );
    expect(screen.getByText(/You have reached the pet limit of your plan/)).toBeTruthy();
    expect(upgradeButton()).toBeTruthy();
  });

  it('document limits, in German', () => {
    show(
      { decision: mayAddDocument(brandConfig('petention'), plan({ sequence: 0, documents_limit: 5 }), 5) },
      'petention',
      'de',
    );
    expect(screen.getByText(/maximale Anzahl an Dokumenten für Ihren Tarif/)).toBeTruthy();
    expect(screen.getByRole('link', { name: /Jetzt upgraden/ })).toBeTruthy();
  });

  it('appointments: the message with a "here" link to the subscription page', () => {
    show({ decision: mayAddAppointment(brandConfig('petention'), NO_PLAN) });
    expect(screen.getByText(/Your plan does not include appointments/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'here' }).getAttribute('href')).toBe('/my-account/subscription');
  });

  it('the free-service message links to the plans, except on tier-fritz', () => {
    show({ decision: mayUseGps(brandConfig('petention'), NO_PLAN) });
    expect(screen.getByText(/not included in the free plan/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the plans' }).getAttribute('href')).toBe(
      '/my-account/subscription',
    );
    expect(upgradeButton()).toBeTruthy();
  });

  it('tier-fritz: no link and no upgrade button in the free-service message', () => {
    show({ decision: mayUseGps(brandConfig('tier-fritz'), NO_PLAN) }, 'tier-fritz');
    expect(screen.getByText(/not included in the free plan/)).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('medical data and the emergency file', () => {
    show({ decision: mayAddMedical(brandConfig('petention'), NO_PLAN) });
    expect(screen.getByText('Adding medical data is not included in your plan.')).toBeTruthy();
    expect(upgradeButton()).toBeTruthy();
  });

  it('animal-care sequence 0 may not download the emergency file', () => {
    show({ decision: mayDownloadEmergencyFile(brandConfig('animal-care'), NO_PLAN) }, 'animal-care');
    expect(screen.getByText('Downloading the emergency file is not included in your plan.')).toBeTruthy();
  });

  it('the paid-service prompt has its title', () => {
    const basicWithoutFile = plan({ sequence: 1, emergency_file: false });
    show({ decision: mayDownloadEmergencyFile(brandConfig('petention'), basicWithoutFile) });
    expect(screen.getByText('Paid service')).toBeTruthy();
    expect(screen.getByText('This feature is available with a paid plan.')).toBeTruthy();
  });

  it('a 403 LIMIT_REACHED answer shows the same notice; other errors show nothing', () => {
    show({ error: new ApiError(403, 'LIMIT_REACHED', 'Basic_Document_Limit_Reached_Message') });
    expect(screen.getByText(/You have reached the document limit of your plan/)).toBeTruthy();
    expect(upgradeButton()).toBeTruthy();
  });

  it('an error that is not a limit shows nothing', () => {
    const { container } = show({ error: new ApiError(500, 'INTERNAL_ERROR', 'x') });
    expect(container.querySelector('[data-testid="plan-limit-notice"]')).toBeNull();
  });
});
