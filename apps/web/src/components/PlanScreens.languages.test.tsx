// Plan texts in German: the limit notices of the pets and appointments screens and the current plan's
// facts. The e2e journeys that reach them (pet limit, a plan without appointments, register with a code)
// run in English only; this proves the German screens.
import { brandConfig } from '@pet/shared/brands';
import { mayAddAppointment, mayAddPet, NO_PLAN } from '@pet/shared/entitlements';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeMyInfo, mockFetch } from '../test/fetchMock.ts';
import { BASIC } from '../test/plans.ts';
import { renderRoutes } from '../test/render.tsx';
import { CurrentPlanCard } from './CurrentPlanCard.tsx';
import { PlanLimitNotice } from './PlanLimitNotice.tsx';

const petention = brandConfig('petention');

function showNotice(decision: Parameters<typeof PlanLimitNotice>[0]['decision']) {
  return renderRoutes([{ path: '/', element: <PlanLimitNotice decision={decision} /> }], { language: 'de' });
}

describe('plan texts in German', () => {
  it('the pet limit: its message and the upgrade button to the plans', () => {
    showNotice(mayAddPet(petention, { ...NO_PLAN, sequence: 1, pets_limit: 3 }, 3));
    const notice = screen.getByTestId('plan-limit-notice');
    expect(notice.textContent).toContain('Sie haben die maximale Anzahl an Tieren für Ihren Tarif erreicht.');
    expect(
      within(notice)
        .getByRole('link', { name: /Jetzt upgraden/ })
        .getAttribute('href'),
    ).toBe('/my-account/subscription');
  });

  it('a plan without appointments: its message with the "hier" link to the plans', () => {
    showNotice(mayAddAppointment(petention, NO_PLAN));
    const notice = screen.getByTestId('plan-limit-notice');
    expect(notice.textContent).toContain('Ihr Tarif enthält keine Termine.');
    expect(notice.textContent).toContain('Einen passenden Tarif finden Sie hier.');
    expect(within(notice).getByRole('link', { name: 'hier' }).getAttribute('href')).toBe(
      '/my-account/subscription',
    );
  });

  it('the current plan: its pets and documents', async () => {
    mockFetch({ 'GET /v1/auth/myinfo': { body: fakeMyInfo({ product: BASIC }) } });
    renderRoutes([{ path: '/my-account', element: <CurrentPlanCard /> }], {
      url: '/my-account',
      language: 'de',
    });
    expect(await screen.findByRole('heading', { name: 'Basic' })).toBeTruthy();
    const card = screen.getByRole('region', { name: 'Ihr Tarif' });
    expect(within(card).getByText('Bis zu 3 Tiere')).toBeTruthy();
    expect(within(card).getByText('Bis zu 20 Dokumente')).toBeTruthy();
  });
});
