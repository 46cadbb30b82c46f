// The household's dose log and its reminders (issue 49): a sitter on a phone ticks the evening dose on the
// pet's page and asks for the pet's reminders; the owner sees who gave it on the dashboard, then sets the
// dose times to a moment just past: the sitter gets the reminder of the morning dose, not yet given, and none
// of the evening's, which was ticked. The German project repeats it (`@de`: the screens and the mail differ by
// language only).
import { brandConfig } from '@pet/shared/brands';
import { apiPaths, paths, petPath } from '@pet/shared/paths';
import type { Page } from '@playwright/test';
import { invitationLink, PHONE, personsContext, shotBothWidths } from '../fixtures/household.ts';
import { ANY, type Translate, withAny } from '../fixtures/i18n.ts';
import { expect, mailText, test } from '../fixtures/index.ts';
import { addMedical } from '../fixtures/medical.ts';
import { addPet, displayDate, paidOwner } from '../fixtures/pets.ts';
import { PASSWORD } from '../fixtures/seed.ts';
import { TIME_ZONE } from '../fixtures/servers.ts';

/** HH:mm on the browsers' clock (the portal's test zone), `minutesAgo` before now. */
function clockTime(minutesAgo: number): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(Date.now() - minutesAgo * 60_000));
}

const doseBox = (page: Page, t: Translate, slot: 'mornings' | 'evenings') =>
  page.getByRole('checkbox', {
    name: t('doses:dose.label', { medication: 'Apoquel', slot: t(`doses:slots.${slot}`) }),
  });

test(
  'a sitter ticks the evening dose on a phone; the owner sees who gave it; only the open dose is reminded of',
  { tag: '@de' },
  async ({ page, browser, api, mailbox, brand, lang, t, shot }, testInfo) => {
    // Two browsers and three mails on a two-core machine.
    test.slow();
    const owner = await paidOwner(api, page.request, 'Alex Walker');
    const luna = await addPet(page.request, api.origin, { name: 'Luna' });
    await addMedical(page.request, api.origin, luna.id, 'medication', {
      name: 'Apoquel',
      in_use: true,
      taking_schedule: [0, 2],
      taking_from: displayDate(-30),
    });

    // The sitter, on a phone: invited by the owner, joins through the mail's link.
    const sitterContext = await personsContext(browser, testInfo, brand);
    try {
      const sitter = await api.seededUser(sitterContext.request, { name: 'Sam Rivers', password: PASSWORD });
      const invited = await page.request.post(`${api.origin}${apiPaths.householdInvite}`, {
        params: { pet_id: luna.id },
        data: { email: sitter.email, role: 'sitter' },
      });
      expect(invited.status(), await invited.text()).toBe(201);
      const { link } = await invitationLink(mailbox, {
        email: sitter.email,
        lang,
        brand,
        inviter: owner.name,
        pet: luna.name,
      });
      const token = new URL(link).searchParams.get('token');
      const joined = await sitterContext.request.post(`${api.origin}${apiPaths.householdAccept}`, {
        data: { token },
      });
      expect(joined.status(), await joined.text()).toBe(200);

      const sitterPage = await sitterContext.newPage();
      await sitterPage.setViewportSize(PHONE);
      await sitterPage.goto(petPath(luna));
      const today = sitterPage.getByRole('region', { name: t('doses:today.title'), exact: true });
      await expect(doseBox(sitterPage, t, 'mornings')).not.toBeChecked();
      // click, not check: the box is the server's answer, which a retrying assertion waits for.
      await doseBox(sitterPage, t, 'evenings').click();
      await expect(doseBox(sitterPage, t, 'evenings')).toBeChecked();
      await expect(
        today.getByText(
          withAny(
            `${t('doses:dose.given', { name: 'Sam Rivers', time: ANY })} ${t('doses:dose.undoHint', { time: ANY })}`,
          ),
        ),
      ).toBeVisible();
      await expect(doseBox(sitterPage, t, 'mornings')).not.toBeChecked();
      await shot('doses-sitter-ticked-390', sitterPage);

      // The sitter asks for Luna's reminders.
      const reminders = sitterPage.getByRole('region', { name: t('reminders:card.title') });
      const optIn = reminders.getByRole('switch', {
        name: t('reminders:optIn.labelMember', { name: 'Luna' }),
      });
      await optIn.click();
      await expect(optIn).toBeChecked();
      await expect(sitterPage.getByText(t('reminders:optIn.on', { name: 'Luna' }))).toBeVisible();

      // The owner's dashboard names the giver.
      await page.goto(paths.dashboard);
      const card = page.getByRole('region', { name: t('doses:today.title'), exact: true });
      const ofLuna = card.getByRole('region', { name: t('doses:today.petLabel', { name: 'Luna' }) });
      await expect(doseBox(page, t, 'evenings')).toBeChecked();
      await expect(doseBox(page, t, 'evenings')).toBeDisabled();
      await expect(
        ofLuna.getByText(withAny(t('doses:dose.given', { name: 'Sam Rivers', time: ANY }))),
      ).toBeVisible();
      await expect(ofLuna.getByText(t('doses:dose.notGiven'))).toBeVisible();
      await shotBothWidths(page, shot, 'doses-dashboard', card);

      // The owner sets both slots' time to two minutes ago: the morning dose, not given, is reminded of now.
      await page.goto(petPath(luna));
      const ownersCard = page.getByRole('region', { name: t('reminders:card.title') });
      const due = clockTime(2);
      await ownersCard.getByLabel(t('reminders:slots.mornings')).fill(due);
      await ownersCard.getByLabel(t('reminders:slots.evenings')).fill(due);
      await ownersCard.getByRole('button', { name: t('reminders:times.save') }).click();
      await expect(page.getByText(t('reminders:times.saved'))).toBeVisible();
      await shotBothWidths(page, shot, 'reminders-owner', ownersCard);

      const values = (slot: 'mornings' | 'evenings') => ({
        brand: brandConfig(brand).displayName,
        slot: mailText(lang, `doseReminder.slot.${slot}`),
        pet: 'Luna',
        time: due,
      });
      const mail = await mailbox.waitFor(sitter.email, {
        subject: mailText(lang, 'doseReminder.subject', values('mornings')),
      });
      expect(mail.text).toContain(mailText(lang, 'doseReminder.medication', { medication: 'Apoquel' }));
      // The same sweep would have sent the evening's: it sent none, and the owner, who did not ask, got none.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const sitters = (await mailbox.messages(sitter.email)).map((m) => m.subject);
      expect(sitters).not.toContain(mailText(lang, 'doseReminder.subject', values('evenings')));
      const owners = (await mailbox.messages(owner.email)).map((m) => m.subject);
      expect(owners.filter((subject) => subject?.includes('Luna') && subject.includes(due))).toEqual([]);
    } finally {
      await sitterContext.close();
    }
  },
);
