import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeMyInfo } from '../../../test/fetchMock.ts';
import { PREMIUM_GPS } from '../../../test/plans.ts';
import {
  BELLO,
  FINDINGS_URL,
  fakeDocument,
  fakeList,
  meOnFreePlan,
  meOnPremium,
  SAFE_URL,
} from '../test/fakeDocuments.ts';
import { renderDocuments } from '../test/renderDocuments.tsx';

const SLOW = { timeout: 4000 };
const INSURANCES = `${SAFE_URL}/insurances`;

describe('document list pages', () => {
  it("the pet's banner, and only the list's documents: description left, date right (dd.MM.yyyy)", async () => {
    renderDocuments(INSURANCES, {
      list: fakeList([
        fakeDocument({ id: 'd1', description: 'Liability 2025', created_at: '2025-03-14T10:00:00.000Z' }),
        fakeDocument({ id: 'd2', description: 'Health policy', created_at: '2024-12-01T08:00:00.000Z' }),
        fakeDocument({ id: 'd3', document_type: 'Bills', description: 'Vet bill' }),
      ]),
    });
    const rows = await screen.findAllByTestId('document-row', {}, SLOW);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Liability 2025')).toBeTruthy();
    expect(within(rows[0]!).getByText('14.03.2025').getAttribute('datetime')).toBe(
      '2025-03-14T10:00:00.000Z',
    );
    expect(within(rows[1]!).getByText('01.12.2024')).toBeTruthy();
    expect(screen.queryByText('Vet bill')).toBeNull();
    expect(screen.getByTestId('pet-banner').textContent).toContain('Insurances');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bello' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add insurance' }).getAttribute('href')).toBe(
      `${INSURANCES}/add-insurance`,
    );
    expect(screen.getByRole('link', { name: 'Document safe' }).getAttribute('href')).toBe(SAFE_URL);
  });

  it('empty: a prompt with one plus button to the add page', async () => {
    renderDocuments(`${FINDINGS_URL}/laboratory-findings`);
    expect(await screen.findByText('No documents yet', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('Add the first document with the button below.')).toBeTruthy();
    const add = screen.getAllByRole('link', { name: 'Add laboratory finding' });
    expect(add).toHaveLength(1);
    expect(add[0]!.getAttribute('href')).toBe(`${FINDINGS_URL}/laboratory-findings/add-laboratory-finding`);
  });

  it('the free plan at 5 documents: the plus is disabled, the Basic message links to the plans', async () => {
    renderDocuments(INSURANCES, {
      me: meOnFreePlan(),
      list: fakeList([fakeDocument({ description: 'Liability 2025' })], { total: 5, limit: 5 }),
    });
    expect(
      await screen.findByText(
        'You have reached the document limit of your plan. Upgrade to store more documents.',
        {},
        SLOW,
      ),
    ).toBeTruthy();
    const notice = screen.getByTestId('plan-limit-notice');
    expect(within(notice).getByRole('link').getAttribute('href')).toBe('/my-account/subscription');
    expect(screen.getByRole('button', { name: 'Add insurance' }).hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('link', { name: 'Add insurance' })).toBeNull();
    expect(screen.getByTestId('document-usage').textContent).toBe('5 of 5 documents stored (all pets)');
    // Reading stays possible.
    expect(screen.getByText('Liability 2025')).toBeTruthy();
  });

  it('at the limit the empty state plus is disabled too, without the prompt to press it', async () => {
    renderDocuments(INSURANCES, { me: meOnFreePlan(), list: fakeList([], { total: 5, limit: 5 }) });
    expect(await screen.findByText('No documents yet', {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add insurance' }).hasAttribute('disabled')).toBe(true);
    expect(screen.queryByText('Add the first document with the button below.')).toBeNull();
  });

  it('the top plan at its limit: the Premium message, no upgrade', async () => {
    renderDocuments(INSURANCES, {
      me: fakeMyInfo({ product: { ...PREMIUM_GPS, documents_limit: 50 }, pets: [BELLO] }),
      list: fakeList([], { total: 50, limit: 50 }),
    });
    expect(
      await screen.findByText('You have reached the maximum number of documents.', {}, SLOW),
    ).toBeTruthy();
    expect(within(screen.getByTestId('plan-limit-notice')).queryByRole('link')).toBeNull();
  });

  it('a limit of 100 is unlimited: 150 documents still leave the plus on', async () => {
    renderDocuments(INSURANCES, {
      me: meOnPremium(),
      list: fakeList([fakeDocument()], { total: 150, limit: 100 }),
    });
    const add = await screen.findByRole('link', { name: 'Add insurance' }, SLOW);
    expect(add.getAttribute('href')).toBe(`${INSURANCES}/add-insurance`);
    expect(screen.queryByTestId('plan-limit-notice')).toBeNull();
    expect(screen.getByTestId('document-usage').textContent).toBe(
      '150 documents stored (all pets), no limit',
    );
  });

  it('at the limit the add page offers no form, only the message and the way back', async () => {
    renderDocuments(`${INSURANCES}/add-insurance`, {
      me: meOnFreePlan(),
      list: fakeList([], { total: 5, limit: 5 }),
    });
    expect(await screen.findByTestId('plan-limit-notice', {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /Description/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the list' }).getAttribute('href')).toBe(INSURANCES);
  });

  it('in German: the list, the plus and the empty state', async () => {
    renderDocuments(`${SAFE_URL}/eu-pet-passports`, { language: 'de' });
    expect(await screen.findByText('Noch keine Dokumente', {}, SLOW)).toBeTruthy();
    expect(screen.getByTestId('pet-banner').textContent).toContain('EU-Heimtierausweise');
    expect(screen.getByRole('link', { name: 'EU-Heimtierausweis hinzufügen' })).toBeTruthy();
  });
});

describe('document pages of a pet that is not the user’s', () => {
  it.each([
    ['a hub', SAFE_URL],
    ['a list', `${FINDINGS_URL}/xrays`],
    ['an add page', `${SAFE_URL}/bill/add-bill`],
  ])('%s shows the pet-not-found screen, and no documents are asked for', async (_page, url) => {
    const { server } = renderDocuments(url, { handlers: { 'GET /v1/pet': { status: 404 } } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pet not found' }, SLOW)).toBeTruthy();
    expect(server.find('GET', '/v1/document/mydocs')).toHaveLength(0);
  });
});
