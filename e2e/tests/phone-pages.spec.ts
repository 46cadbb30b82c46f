// Phones (issue 46): the four pages a phone user opens most, at 390 x 844 (an iPhone 12 to 15's viewport),
// in English and German and on petention and tier-fritz: the dashboard, a pet's page with its weights, the
// pet's appointments and the subscription page. Each one shows its content, fits the screen's width (the
// document does not scroll sideways, no element of main is wider than the screen or sticks out of it),
// logs no error and is shot for a person to look at (E2E_SHOTS=1: e2e/screenshots/<project>/phone-*.png).
import { apiPaths, paths, petPath } from '@pet/shared/paths';
import type { Page } from '@playwright/test';
import { type ConsoleErrors, expect, test } from '../fixtures/index.ts';
import { addAppointment, addPet, displayDate, paidOwner, textFor } from '../fixtures/pets.ts';

const WIDTH = 390;

test.use({ viewport: { width: WIDTH, height: 844 } });

const NAMES = { en: 'Alex Walker', de: 'Erika Mustermann' } as const;
const FIRST_NAMES = { en: 'Alex', de: 'Erika' } as const;

/**
 * Whether the page fits the viewport's width: the document's scroll width, and every element of main whose
 * box is wider than the viewport or reaches past its left or right edge (a half pixel of rounding allowed).
 * An element inside a container that scrolls sideways on purpose (overflow-x auto or scroll) is that
 * container's business, not the page's: it is left out.
 */
async function widthProblems(page: Page): Promise<{ scrollWidth: number; wide: string[] }> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const scrolls = (el: Element) => {
      for (let p = el.parentElement; p && p.tagName !== 'MAIN'; p = p.parentElement) {
        const x = getComputedStyle(p).overflowX;
        if (x === 'auto' || x === 'scroll') return true;
      }
      return false;
    };
    const describe = (el: Element, rect: DOMRect) => {
      const id = el.getAttribute('data-testid') ?? el.className.toString().split(' ')[0] ?? '';
      const text = (el.textContent ?? '').trim().slice(0, 40);
      return `<${el.tagName.toLowerCase()} ${id}> ${Math.round(rect.left)}..${Math.round(rect.right)} "${text}"`;
    };
    const wide: string[] = [];
    for (const el of document.querySelectorAll('main, main *')) {
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 && rect.height === 0) continue;
      const out = rect.width > width + 0.5 || rect.right > width + 0.5 || rect.left < -0.5;
      if (out && !scrolls(el)) wide.push(describe(el, rect));
    }
    return { scrollWidth: document.documentElement.scrollWidth, wide };
  });
}

/** The page fits 390 px, has logged no error so far, and is shot (with its accessibility check). */
async function checkPage(
  page: Page,
  consoleErrors: ConsoleErrors,
  shot: (name: string) => Promise<void>,
  name: string,
) {
  const { scrollWidth, wide } = await widthProblems(page);
  expect(scrollWidth, `${name}: the document scrolls sideways`).toBeLessThanOrEqual(WIDTH);
  expect(wide, `${name}: elements of main wider than ${WIDTH} px or off its edges`).toEqual([]);
  expect(consoleErrors.unexpected(), `${name}: errors logged`).toEqual([]);
  await shot(name);
}

test('at 390 px the dashboard, a pet’s page, its appointments and the subscription page fit the screen', {
  tag: ['@de', '@tier-fritz'],
}, async ({ page, api, t, brand, lang, shot, consoleErrors }) => {
  test.slow();
  const bt = textFor(t, brand);
  await paidOwner(api, page.request, NAMES[lang]);
  // A long name (the German one with a long word) for the headings and the side bar to wrap.
  const petName = lang === 'de' ? 'Frau Schmidt von Hohenzollern' : 'Miss Marple of St Mary Mead';
  const pet = await addPet(page.request, api.origin, {
    name: petName,
    pet_type: 'Dog',
    gender: 'female',
    race: lang === 'de' ? 'Deutscher Schäferhund' : 'German Shepherd',
    date_of_birth: displayDate(-900),
  });
  const saved = await page.request.put(apiPaths.pet, {
    params: { id: pet.id },
    data: {
      name: pet.name,
      pet_type: pet.pet_type,
      gender: 'female',
      race: lang === 'de' ? 'Deutscher Schäferhund' : 'German Shepherd',
      date_of_birth: displayDate(-900),
      size: 62,
      color: lang === 'de' ? 'Schwarzbraun' : 'Black and tan',
      labeling: '276098106123456',
      weights: [
        { weight: 28.4, date: displayDate(-1) },
        { weight: 27.9, date: displayDate(-35) },
        { weight: 27.1, date: displayDate(-70) },
        { weight: 25.6, date: displayDate(-120) },
      ],
    },
  });
  expect(saved.status(), `PUT /v1/pet ${await saved.text()}`).toBe(200);
  const reason =
    lang === 'de' ? 'Jährliche Impfung und Zahnkontrolle' : 'Yearly vaccination and dental check';
  await addAppointment(page.request, api.origin, pet.id, { reason, appointment_date: displayDate(12) });

  // The dashboard: the greeting and the brand's cards.
  await page.goto(paths.dashboard);
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: t('dashboard:greeting', { name: FIRST_NAMES[lang] }),
    }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: t('dashboard:cardsLabel') })).toBeVisible();
  await checkPage(page, consoleErrors, shot, 'phone-dashboard');
  // The side bar is a drawer here, drawn when the burger first opens it (issue 46): not there before, and its
  // Home entry there after.
  const home = page.getByRole('link', { name: t('nav.home'), exact: true });
  await expect(home).toHaveCount(0);
  const burger = page.getByRole('button', { name: t('layout.toggleNavigation') }).first();
  await burger.click();
  await expect(home).toBeVisible();
  await burger.click();

  // The pet's page: its facts, the weight chart with its list, the links to its sections.
  await page.goto(petPath(pet));
  await expect(page.getByRole('heading', { level: 1, name: pet.name })).toBeVisible();
  await expect(page.getByRole('region', { name: t('pets:weights.title') })).toBeVisible();
  await expect(page.getByTestId('weight-line')).toBeVisible();
  await expect(page.getByText('276098106123456')).toBeVisible();
  await expect(page.getByText(bt('pets:details.sectionsTitle'))).toBeVisible();
  await checkPage(page, consoleErrors, shot, 'phone-pet-page');

  // The pet's appointments: the one upcoming.
  await page.goto(petPath(pet, 'appointments'));
  await expect(page.getByRole('heading', { level: 1, name: pet.name })).toBeVisible();
  const upcoming = page.getByRole('region', { name: new RegExp(t('appointments:list.upcoming')) });
  const row = upcoming.getByRole('button', { name: new RegExp(reason) });
  await expect(row).toContainText(displayDate(12));
  await checkPage(page, consoleErrors, shot, 'phone-appointments');

  // The subscription page: the current plan and the brand's plans.
  await page.goto(paths.subscription);
  await expect(page.getByRole('heading', { level: 1, name: t('plans:overview.title') })).toBeVisible();
  await expect(page.getByText(t('plans:current.title'), { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: t('plans:overview.listLabel') })).toBeVisible();
  await checkPage(page, consoleErrors, shot, 'phone-subscription');
});
