// A household around each pet (issue 45): the owner invites by e-mail on the pet's page; the invited person
// follows the mail's link, creates an account on the way (no activation code) or signs in, and joins. A
// sitter sees the shared pet, badged, and changes nothing; a co-owner writes, and the owner's history names
// who did what; a removed member no longer finds the pet.
// The German project repeats the invitation, the accept page and the read-only text (`@petention-de`: the
// screens differ by language only; e2e/README.md).
import { HOUSEHOLD_INVITATION } from '@pet/shared';
import { brandConfig } from '@pet/shared/brands';
import { apiPaths, paths, petPath } from '@pet/shared/paths';
import { pdfText, pdfWords } from '../fixtures/emergency.ts';
import {
  historyCard,
  householdCard,
  invitationLink,
  inviteByForm,
  personsContext,
  shotBothWidths,
} from '../fixtures/household.ts';
import { expect, mailText, newUser, test } from '../fixtures/index.ts';
import { addPet, displayDate, freeOwner, paidOwner, textFor } from '../fixtures/pets.ts';
import { PASSWORD } from '../fixtures/seed.ts';
import { fillPersonalData, HASHING, registerPage, signInPage, submitSignIn } from '../fixtures/ui.ts';

test('a sitter: invited by e-mail, registers from the mail, joins, reads only; removed, the pet is gone', async ({
  page,
  browser,
  api,
  mailbox,
  brand,
  lang,
  t,
  shot,
  consoleErrors,
}, testInfo) => {
  // Two browsers, three mails and two password hashes on a two-core machine.
  test.slow();
  // Refused on purpose: the removed sitter opens the pet again (404 of a pet that is not theirs).
  consoleErrors.allow({ url: /\/v1\/pet(\?|\/|$)/, status: 404 });
  const bt = textFor(t, brand);
  const owner = await paidOwner(api, page.request, 'Alex Walker');
  const luna = await addPet(page.request, api.origin, { name: 'Luna', race: 'Beagle' });
  const sitter = newUser(lang, { name: 'Sam Rivers', password: PASSWORD });

  // The owner invites the sitter's address, with a last day.
  await page.goto(petPath(luna, 'my-pet'));
  const household = householdCard(page, t);
  await expect(household.card.getByText(t('household:card.noMembers'))).toBeVisible();
  await expect(household.card.getByText(t('household:card.noInvitations'))).toBeVisible();
  const lastDay = displayDate(30);
  await inviteByForm(page, t, { email: sitter.email, role: 'sitter', until: lastDay });
  await expect(
    page.getByText(t('household:invite.sent', { email: sitter.email, days: HOUSEHOLD_INVITATION.days })),
  ).toBeVisible();
  const invited = household.invitations.filter({ hasText: sitter.email });
  await expect(invited).toContainText(t('household:roles.sitter'));
  await expect(invited).toContainText(t('household:member.until', { date: lastDay }));
  await shotBothWidths(page, shot, 'household-card-invited', household.card);

  const { mail, link } = await invitationLink(mailbox, {
    email: sitter.email,
    lang,
    brand,
    inviter: owner.name,
    pet: luna.name,
  });
  expect(mail.text).toContain(mailText(lang, 'householdInvitation.button'));

  // The sitter's browser, signed out: the mail's link, then "Create an account".
  const sitterContext = await personsContext(browser, testInfo, brand);
  try {
    const sitterPage = await sitterContext.newPage();
    await sitterPage.goto(link);
    await expect(
      sitterPage.getByRole('heading', { level: 1, name: t('household:accept.title') }),
    ).toBeVisible();
    await expect(sitterPage.getByText(t('household:accept.signedOutText'))).toBeVisible();
    await expect(
      sitterPage.getByRole('link', { name: t('household:accept.signIn'), exact: true }),
    ).toBeVisible();
    await shot('household-accept-signed-out', sitterPage);
    await sitterPage.getByRole('link', { name: t('household:accept.register'), exact: true }).click();
    await expect(sitterPage).toHaveURL(/\/register\?invitation=[^&]+$/);

    // No activation code is asked.
    const form = registerPage(sitterPage, t);
    await expect(form.heading).toBeVisible();
    await expect(sitterPage.getByText(t('auth:register.invited'))).toBeVisible();
    for (const option of ['yes', 'no', 'without'] as const)
      await expect(form.codeOption(option)).toHaveCount(0);
    await expect(form.code).toHaveCount(0);
    await fillPersonalData(sitterPage, t, sitter);
    await shot('household-register-invited', sitterPage);
    await form.submit.click();
    await expect(
      sitterPage.getByRole('heading', { level: 1, name: t('auth:register.thanks.title') }),
    ).toBeVisible(HASHING);

    // The verification mail leads to the sign-in, which goes on to the invitation.
    const verification = await mailbox.waitFor(sitter.email, {
      subject: mailText(lang, 'verification.subject', { brand: brandConfig(brand).displayName }),
    });
    const verify = verification.links.find((l) => l.includes('/verify-email'));
    expect(verify, `verification link in ${verification.links.join(' ')}`).toBeTruthy();
    await sitterPage.goto(verify!);
    await expect(sitterPage).toHaveURL(/\/signin\?verified=1&continueUrl=/);
    expect(new URL(sitterPage.url()).searchParams.get('continueUrl')).toMatch(
      /^\/household\/accept\?token=[^&]+$/,
    );
    await expect(signInPage(sitterPage, t).notice).toHaveText(t('auth:signin.verified'));
    await submitSignIn(sitterPage, t, sitter);
    await expect(sitterPage).toHaveURL(/\/household\/accept\?token=/, HASHING);

    // Join: the pet's page, with the notice naming the pet and the role.
    const join = sitterPage.getByRole('button', { name: t('household:accept.join'), exact: true });
    await expect(join).toBeVisible();
    await shot('household-accept-signed-in', sitterPage);
    await join.click();
    await expect(sitterPage.getByText(t('household:accept.joinedSitter', { name: luna.name }))).toBeVisible();
    await expect(sitterPage).toHaveURL(new RegExp(`${petPath(luna)}(/my-pet)?$`));

    // In the side bar with the sitter's badge and whose pet it is.
    const nav = sitterPage.getByRole('navigation', { name: t('common:layout.mainNavigation') });
    const navPet = nav.getByText(luna.name, { exact: true });
    await expect(navPet).toBeVisible();
    await expect(nav.getByTestId('pet-role')).toHaveText(t('pets:role.sitter'));
    await expect(nav.getByText(t('pets:role.from', { name: owner.name }))).toBeVisible();

    // The pet's page: its profile, no edit or delete.
    await sitterPage.goto(petPath(luna));
    await expect(sitterPage.getByRole('heading', { level: 1, name: luna.name })).toBeVisible();
    await expect(sitterPage.getByRole('main').getByTestId('pet-role')).toHaveText(t('pets:role.sitter'));
    await expect(sitterPage.getByRole('link', { name: t('pets:details.edit') })).toHaveCount(0);
    await expect(sitterPage.getByRole('button', { name: bt('pets:details.delete') })).toHaveCount(0);
    await shot('household-sitter-pet', sitterPage);

    // The edit page opened by its address: the read-only notice instead of the form.
    await sitterPage.goto(petPath(luna, 'my-pet'));
    await expect(sitterPage.getByText(t('pets:readOnly.text'), { exact: true })).toBeVisible();
    await expect(sitterPage.getByRole('button', { name: t('pets:myPet.save'), exact: true })).toHaveCount(0);
    await shot('household-sitter-read-only', sitterPage);

    // What a sitter reads elsewhere: the contacts without controls, the shared pet's emergency file.
    await sitterPage.goto(petPath(luna, 'contacts'));
    await expect(sitterPage.getByRole('main').getByTestId('pet-role')).toBeVisible();
    await shot('household-sitter-contacts', sitterPage);
    await sitterPage.goto(paths.emergencyData);
    await expect(sitterPage.getByText(luna.name).first()).toBeVisible();
    await shot('household-sitter-emergency', sitterPage);

    // The owner's page: the sitter is a member, the history says they joined.
    await page.reload();
    const member = household.members.filter({ hasText: sitter.name });
    await expect(member).toBeVisible();
    await expect(member).toContainText(t('household:roles.sitter'));
    await expect(member).toContainText(t('household:member.until', { date: lastDay }));
    await expect(household.invitations).toHaveCount(0);
    const history = historyCard(page, t, luna.name);
    await expect(history.entries.first()).toContainText(
      t('household:history.line.accepted', { actor: sitter.name }),
    );
    await expect(history.list).toContainText(
      t('household:history.line.invited', {
        actor: owner.name,
        entity: t('household:history.entities.invitation'),
      }),
    );
    await shotBothWidths(page, shot, 'household-history-joined', history.card);

    // The owner removes the sitter, after the confirmation.
    await household.remove(sitter.name).click();
    const dialog = page.getByRole('dialog', {
      name: t('household:member.removeConfirmTitle', { name: sitter.name }),
    });
    await expect(dialog).toContainText(
      t('household:member.removeConfirmText', { name: sitter.name, pet: luna.name }),
    );
    await dialog.getByRole('button', { name: t('household:member.remove'), exact: true }).click();
    await expect(page.getByText(t('household:member.removed', { name: sitter.name }))).toBeVisible();
    await expect(household.members).toHaveCount(0);
    await expect(history.entries.first()).toContainText(
      t('household:history.line.revokedMember', { actor: owner.name }),
    );

    // The sitter's next visit: the pet is not theirs to see any more.
    await sitterPage.goto(petPath(luna));
    await expect(
      sitterPage.getByRole('heading', { level: 1, name: bt('pets:notFound.title') }),
    ).toBeVisible();
    await expect(nav.getByText(luna.name, { exact: true })).toHaveCount(0);
    await shot('household-sitter-removed', sitterPage);
  } finally {
    await sitterContext.close();
  }
});

test('a co-owner: invited by the form, joins from the mail signed in, adds an appointment the owner’s history names', async ({
  page,
  browser,
  api,
  mailbox,
  brand,
  lang,
  t,
  shot,
}, testInfo) => {
  test.slow();
  const owner = await paidOwner(api, page.request, 'Alex Walker');
  const luna = await addPet(page.request, api.origin, { name: 'Luna' });

  const coContext = await personsContext(browser, testInfo, brand);
  try {
    // A second verified user on the free plan, signed in on the co-owner's browser: on the shared pet the
    // owner's plan decides what may be added.
    const coOwner = await freeOwner(api, coContext.request, 'Chris Morgan');
    if (!coOwner) throw new Error('petention lets anyone sign up without a code');

    await page.goto(petPath(luna, 'my-pet'));
    await inviteByForm(page, t, { email: coOwner.email, role: 'co-owner' });
    const { link } = await invitationLink(mailbox, {
      email: coOwner.email,
      lang,
      brand,
      inviter: owner.name,
      pet: luna.name,
    });

    // Signed in: the link's page offers "Join" at once.
    const coPage = await coContext.newPage();
    await coPage.goto(link);
    await expect(coPage.getByRole('heading', { level: 1, name: t('household:accept.title') })).toBeVisible();
    await expect(coPage.getByRole('link', { name: t('household:accept.register') })).toHaveCount(0);
    await coPage.getByRole('button', { name: t('household:accept.join'), exact: true }).click();
    await expect(coPage.getByText(t('household:accept.joinedCoOwner', { name: luna.name }))).toBeVisible();
    await expect(coPage).toHaveURL(new RegExp(`${petPath(luna, 'my-pet')}$`));
    // A co-owner edits: the form, no read-only notice.
    await expect(coPage.getByRole('button', { name: t('pets:myPet.save'), exact: true })).toBeVisible();
    await expect(coPage.getByText(t('pets:readOnly.text'))).toHaveCount(0);

    // The co-owner adds an appointment to the shared pet through its form.
    const list = petPath(luna, 'appointments');
    await coPage.goto(`${list}/add-appointment`);
    const field = (key: string) =>
      coPage.getByRole('textbox', { name: t(`appointments:fields.${key}`), exact: true });
    await coPage.getByRole('radio', { name: t('appointments:types.Examination'), exact: true }).check();
    await field('reason').fill('Check-up');
    await field('appointment_date').fill(displayDate(14));
    await field('appointment_time').fill('10:30');
    await coPage.getByRole('button', { name: t('appointments:add.submit'), exact: true }).click();
    await expect(coPage).toHaveURL(new RegExp(`${list}$`));
    await expect(coPage.getByText('Check-up').first()).toBeVisible();

    // The owner's page: the co-owner is a member, and the history names them for the appointment.
    await page.reload();
    const household = householdCard(page, t);
    await expect(household.members.filter({ hasText: coOwner.name })).toContainText(
      t('household:roles.co-owner'),
    );
    const history = historyCard(page, t, luna.name);
    await expect(history.entries.first()).toContainText(
      t('household:history.line.created', {
        actor: coOwner.name,
        entity: t('household:history.entities.appointment'),
      }),
    );
    await expect(history.list).toContainText(t('household:history.line.accepted', { actor: coOwner.name }));
    await shotBothWidths(page, shot, 'household-history-co-owner', history.card);

    // The owner names the co-owner the second emergency contact (issue 49): the card says so, and the
    // emergency file prints both contacts.
    const values = { name: coOwner.name, pet: luna.name };
    await household.card
      .getByRole('button', { name: t('household:emergencyContact.nameLabel', values) })
      .click();
    await expect(page.getByText(t('household:emergencyContact.named', values))).toBeVisible();
    await expect(household.members.filter({ hasText: coOwner.name })).toContainText(
      t('household:emergencyContact.badge'),
    );
    await shotBothWidths(page, shot, 'household-emergency-contact', household.card);
    const file = await page.request.get(`${api.origin}${apiPaths.emergency}`, { params: { language: lang } });
    expect(file.status()).toBe(200);
    const text = (await pdfText(await file.body())).replace(/\s+/g, ' ');
    expect(text).toContain(pdfWords(lang, 'secondContact.title'));
    expect(text).toContain(owner.name);
    expect(text).toContain(coOwner.name);
  } finally {
    await coContext.close();
  }
});

test(
  'in German: the invitation, the accept page and the read-only text',
  {
    tag: ['@petention-de'],
  },
  async ({ page, browser, api, mailbox, brand, lang, t, shot }, testInfo) => {
    // The English run has the whole journey above: this one is its German screens.
    test.skip(lang !== 'de', 'the German screens of the sitter journey; petention-en runs the whole journey');
    test.slow();
    const owner = await paidOwner(api, page.request, 'Erika Mustermann');
    const luna = await addPet(page.request, api.origin, { name: 'Luna' });

    const sitterContext = await personsContext(browser, testInfo, brand);
    try {
      const sitter = await api.seededUser(sitterContext.request, { name: 'Jonas Weber', password: PASSWORD });

      await page.goto(petPath(luna, 'my-pet'));
      const household = householdCard(page, t);
      await inviteByForm(page, t, { email: sitter.email, role: 'sitter', until: displayDate(30) });
      await expect(
        page.getByText(t('household:invite.sent', { email: sitter.email, days: HOUSEHOLD_INVITATION.days })),
      ).toBeVisible();
      await shotBothWidths(page, shot, 'household-card-invited', household.card);

      // The German mail; its link signed in: "Beitreten".
      const { link } = await invitationLink(mailbox, {
        email: sitter.email,
        lang,
        brand,
        inviter: owner.name,
        pet: luna.name,
      });
      const sitterPage = await sitterContext.newPage();
      await sitterPage.goto(link);
      await expect(
        sitterPage.getByRole('heading', { level: 1, name: t('household:accept.title') }),
      ).toBeVisible();
      const join = sitterPage.getByRole('button', { name: t('household:accept.join'), exact: true });
      await expect(join).toBeVisible();
      await shot('household-accept-signed-in', sitterPage);
      await join.click();
      await expect(
        sitterPage.getByText(t('household:accept.joinedSitter', { name: luna.name })),
      ).toBeVisible();

      // The edit page: the German read-only text.
      await sitterPage.goto(petPath(luna, 'my-pet'));
      await expect(sitterPage.getByText(t('pets:readOnly.text'), { exact: true })).toBeVisible();
      expect(t('pets:readOnly.text')).toBe('Nur Besitzer/innen und Mitbesitzer/innen können das ändern.');
      await shot('household-sitter-read-only', sitterPage);

      // What a sitter reads elsewhere: the contacts without controls, the shared pet's emergency file.
      await sitterPage.goto(petPath(luna, 'contacts'));
      await expect(sitterPage.getByRole('main').getByTestId('pet-role')).toBeVisible();
      await shot('household-sitter-contacts', sitterPage);
      await sitterPage.goto(paths.emergencyData);
      await expect(sitterPage.getByText(luna.name).first()).toBeVisible();
      await shot('household-sitter-emergency', sitterPage);

      // The owner's history in German.
      await page.reload();
      const history = historyCard(page, t, luna.name);
      await expect(history.entries.first()).toContainText(
        t('household:history.line.accepted', { actor: sitter.name }),
      );
      await shotBothWidths(page, shot, 'household-history-joined', history.card);
    } finally {
      await sitterContext.close();
    }
  },
);
