// No click is lost (issue 17): in every form, a button below a validated field takes the first press, even
// when that press blurs the field and its message appears or disappears (which moves what is below it).
// Each press is one real mouse press at the button's centre, held as long as a person holds it, so a layout
// that moves between the mouse going down and coming up shows here as a press that does nothing.
// In petention-en only (DESIGN.md, fourth wave): a form's layout is the same in every brand, and a language's
// longer messages are placed by the same components; a review runs it everywhere with E2E_EVERY_TEST=1.
import { brandConfig } from '@pet/shared';
import { apiPaths, documentPath, medicalPath, paths, petPath } from '@pet/shared/paths';
import type { Locator, Page } from '@playwright/test';
import { textFile } from '../fixtures/documents.ts';
import {
  type ConsoleErrors,
  expect,
  NEW_PASSWORD,
  type PortalApi,
  type Seed,
  type Translate,
  test,
  translator,
} from '../fixtures/index.ts';
import { addPet, displayDate, paidOwner, textFor } from '../fixtures/pets.ts';
import { activatePage, unknownCode, userForActivation } from '../fixtures/plans.ts';
import type { E2eBrand, E2eLang } from '../fixtures/servers.ts';
import { expectFieldError, HASHING, registerPage, resetPage, signInPage } from '../fixtures/ui.ts';

type Sweep = {
  page: Page;
  api: PortalApi;
  t: Translate;
  seed: Seed;
  brand: E2eBrand;
  lang: E2eLang;
  /** A scenario that provokes a refusal on purpose allows it (fixtures/console.ts). */
  consoleErrors: ConsoleErrors;
};
/** One form's presses: it starts with its own page load and, where it needs one, its own user. */
type Scenario = { title: string; run: (sweep: Sweep) => Promise<void> };

/** How long a person holds a mouse button down on a click: long enough for a blur's message to render. */
const PRESS_MS = 150;

type Point = { x: number; y: number };

/**
 * Where a person would press the element: its centre, once it has stopped moving and nothing covers it
 * there (an accordion still opening clips its content, so a press aimed at a button inside would land on
 * whatever lies under the clipped part), and once nothing on the page is still in a transition that moves
 * things. A test types faster than a person: into an accordion's panel while it opens, whose measured
 * height then no longer fits, so Mantine's Collapse goes on with a second transition to the new height
 * after the first ends, and that can start during the press (shortening the page, which scrolls it). A
 * person presses after the page has come to rest; what happens after the press starts is what the sweep
 * tests.
 */
async function settledCentre(target: Locator): Promise<Point> {
  const found: { centre?: Point | null } = {};
  await expect
    .poll(
      async () => {
        // On every try: content still opening above or around it (an accordion's panel) can push it out of
        // view after an earlier scroll.
        await target.scrollIntoViewIfNeeded();
        found.centre = await target.evaluate(
          (element) =>
            new Promise<Point | null>((resolve) => {
              const before = element.getBoundingClientRect();
              requestAnimationFrame(() =>
                requestAnimationFrame(() => {
                  const after = element.getBoundingClientRect();
                  const x = after.x + after.width / 2;
                  const y = after.y + after.height / 2;
                  const still =
                    before.x === after.x && before.y === after.y && before.height === after.height;
                  const hit = document.elementFromPoint(x, y);
                  // Colour and opacity fades move nothing; a height or transform transition does.
                  const moving = document
                    .getAnimations()
                    .some(
                      (animation) =>
                        animation instanceof CSSTransition &&
                        animation.playState === 'running' &&
                        !/^(opacity|color|background-color|border-.*color|box-shadow|outline-.*)$/.test(
                          animation.transitionProperty,
                        ),
                    );
                  resolve(still && !moving && hit && element.contains(hit) ? { x, y } : null);
                }),
              );
            }),
        );
        return Boolean(found.centre);
      },
      // Each try already spans two frames; a settled button is found on the first or second.
      { message: 'the element to press, settled and not covered at its centre', intervals: [50] },
    )
    .toBe(true);
  if (!found.centre) throw new Error('the element to press is not visible');
  return found.centre;
}

/** One press, as a person makes it: down at the element's centre, held, up where the pointer still is. */
async function pressOnce(page: Page, target: Locator) {
  const { x, y } = await settledCentre(target);
  await recordPointerEvents(page);
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.waitForTimeout(PRESS_MS);
  await page.mouse.up();
  await test.info().attach(`press at ${Math.round(x)},${Math.round(y)}`, {
    body: await page.evaluate(() => (window as unknown as PressLog).__presses.splice(0).join('\n')),
    contentType: 'text/plain',
  });
}

type PressLog = { __presses: string[] };

/**
 * What the press did, for the report of a failure: each pointerdown, pointerup, click and blur with the
 * element under it, so a lost click names what moved or what took it.
 */
async function recordPointerEvents(page: Page) {
  await page.evaluate(() => {
    const log = window as unknown as PressLog & { __recording?: boolean };
    log.__presses ??= [];
    if (log.__recording) return;
    log.__recording = true;
    const name = (element: EventTarget | null) => {
      if (!(element instanceof Element)) return String(element);
      const label = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 30) ?? '';
      return `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} "${label}"`;
    };
    // What changed in the page while the button was held: a lost click names the element that moved or went.
    let held = false;
    new MutationObserver((records) => {
      if (!held) return;
      for (const record of records) {
        const what =
          record.type === 'attributes'
            ? `${record.attributeName}`
            : `-${record.removedNodes.length} +${record.addedNodes.length}`;
        log.__presses.push(`${performance.now().toFixed(0)} mutation ${what} on ${name(record.target)}`);
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
    document.addEventListener(
      'pointerdown',
      () => {
        held = true;
        for (const animation of document.getAnimations()) {
          if (animation instanceof CSSTransition && animation.playState === 'running') {
            const target = (animation.effect as KeyframeEffect | null)?.target ?? null;
            log.__presses.push(`transition ${animation.transitionProperty} running on ${name(target)}`);
          }
        }
      },
      true,
    );
    document.addEventListener(
      'click',
      () => {
        // Mutation records arrive as a microtask: keep those of the click's own task.
        setTimeout(() => {
          held = false;
        }, 0);
      },
      true,
    );
    for (const type of ['pointerdown', 'pointerup', 'click', 'focusout']) {
      document.addEventListener(
        type,
        (event) => {
          const point = event instanceof MouseEvent ? ` at ${event.clientX},${event.clientY}` : '';
          const under =
            event instanceof MouseEvent
              ? ` over ${name(document.elementFromPoint(event.clientX, event.clientY))}`
              : '';
          log.__presses.push(`${performance.now().toFixed(0)} ${type} ${name(event.target)}${point}${under}`);
        },
        true,
      );
    }
  });
}

/** Counts the calls the page makes to a path, so a test can say "exactly one press made exactly one call". */
function countCalls(page: Page, pathEnd: string, method?: string) {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (method && request.method() !== method) return;
    if (new URL(request.url()).pathname.endsWith(pathEnd)) calls.push(request.url());
  });
  return calls;
}

/**
 * A bad value left by blur shows the field's message; then the good value is typed, the field still focused,
 * and the message goes as it is typed (a touched field is checked on every change). The press comes after
 * that, as a person's would: aiming at a button that a late check could still move would test the timing
 * of this test, not the form.
 */
async function showThenCorrect(field: Locator, bad: string, good: string) {
  await field.fill(bad);
  await field.blur();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await field.fill(good);
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');
}

const REGISTER: Scenario[] = [
  {
    title: 'OK takes the first press when the code messages disappear on its blur',
    run: async ({ page, t, seed, consoleErrors }) => {
      // Refused on purpose: a wrong code (470).
      consoleErrors.allow({ url: /\/v1\/auth\/verifycode$/, status: 470 });
      await page.goto(paths.register);
      const form = registerPage(page, t);
      await form.codeOption('yes').check();
      const checks = countCalls(page, apiPaths.verifyCode);

      // OK with nothing typed: the required messages appear (no call).
      await pressOnce(page, form.checkCode);
      await expectFieldError(form.code, t('errors:Activation_Code_Text_Required'));
      expect(checks).toHaveLength(0);

      // Type the code (and tracker), then one press on OK: the blur removes the message above OK.
      const wrong = seed.unknownCode();
      await form.code.fill(wrong.code);
      if (wrong.trackerId) await form.tracker.fill(wrong.trackerId);
      await pressOnce(page, form.checkCode);
      await expectFieldError(form.code, t('errors:Wrong_Code_Text'));
      expect(checks).toHaveLength(1);

      // After the wrong-code message: a new code and one press checks it again.
      const other = seed.unknownCode();
      await form.code.fill(other.code);
      await pressOnce(page, form.checkCode);
      await expect.poll(() => checks.length).toBe(2);
    },
  },
  {
    title: 'OK takes the first press after a message appeared on blur and was corrected',
    run: async ({ page, t, seed, consoleErrors }) => {
      // Refused on purpose: a wrong code (470).
      consoleErrors.allow({ url: /\/v1\/auth\/verifycode$/, status: 470 });
      await page.goto(paths.register);
      const form = registerPage(page, t);
      await form.codeOption('yes').check();
      const checks = countCalls(page, apiPaths.verifyCode);

      // A code made of spaces is no code: the message appears on blur.
      await form.code.fill('   ');
      await form.code.blur();
      await expectFieldError(form.code, t('errors:Activation_Code_Text_Required'));
      const wrong = seed.unknownCode();
      await form.code.fill(wrong.code);
      if (wrong.trackerId) await form.tracker.fill(wrong.trackerId);
      await pressOnce(page, form.checkCode);
      await expectFieldError(form.code, t('errors:Wrong_Code_Text'));
      expect(checks).toHaveLength(1);
    },
  },
  {
    title: 'sign up takes the first press after the personal data messages were corrected',
    run: async ({ page, t, seed, consoleErrors }) => {
      // Refused on purpose: a wrong code (470).
      consoleErrors.allow({ url: /\/v1\/auth\/verifycode$/, status: 470 });
      await page.goto(paths.register);
      const form = registerPage(page, t);
      await form.codeOption('yes').check();
      const checks = countCalls(page, apiPaths.verifyCode);
      const wrong = seed.unknownCode();
      await form.code.fill(wrong.code);
      if (wrong.trackerId) await form.tracker.fill(wrong.trackerId);
      const user = seed.user();
      await showThenCorrect(form.name, 'Al', user.name);
      await showThenCorrect(form.email, 'not-an-address', user.email);
      await showThenCorrect(form.password, 'abc', user.password);
      await showThenCorrect(form.confirmPassword, `${user.password}x`, user.password);
      await form.terms.check();
      // Sign-up checks the code first: one press, one check (the code is unknown, so nobody is signed up).
      await pressOnce(page, form.submit);
      await expectFieldError(form.code, t('errors:Wrong_Code_Text'));
      expect(checks).toHaveLength(1);
    },
  },
];

const SIGNED_OUT: Scenario[] = [
  {
    title: 'the forgot-password link takes the first press when the e-mail message appears on its blur',
    run: async ({ page, t }) => {
      await page.goto(paths.signin);
      const form = signInPage(page, t);
      await form.email.fill('not-an-address');
      await pressOnce(page, form.forgotPassword);
      await expect(page).toHaveURL(/\/forgot-password(\?|$)/);
    },
  },
  {
    title: 'sign in takes the first press after an e-mail message was corrected',
    run: async ({ page, t, seed, consoleErrors }) => {
      // Refused on purpose: an address without an account (401).
      consoleErrors.allow({ url: /\/api\/auth\/sign-in\/email$/, status: 401 });
      await page.goto(paths.signin);
      const form = signInPage(page, t);
      const signIns = countCalls(page, apiPaths.signInEmail);
      await showThenCorrect(form.email, 'not-an-address', seed.user().email);
      await form.password.fill('wrong-password-1');
      await pressOnce(page, form.submit);
      await expect.poll(() => signIns.length, HASHING).toBe(1);
    },
  },
  {
    title: 'forgot password: send takes the first press after the e-mail message was corrected',
    run: async ({ page, t, seed }) => {
      await page.goto(paths.forgotPassword);
      const email = page.getByRole('textbox', { name: t('auth:forgot.email'), exact: true });
      const sends = countCalls(page, apiPaths.passwordReset);
      await showThenCorrect(email, 'not-an-address', seed.user().email);
      await pressOnce(page, page.getByRole('button', { name: t('auth:forgot.submit'), exact: true }));
      await expect(page.getByRole('heading', { level: 1, name: t('auth:forgot.sentTitle') })).toBeVisible();
      expect(sends).toHaveLength(1);
    },
  },
  {
    title: 'reset password: save takes the first press after the password messages were corrected',
    run: async ({ page, t, consoleErrors }) => {
      // Refused on purpose: the made-up reset token (400).
      consoleErrors.allow({ url: /\/api\/auth\/reset-password$/, status: 400 });
      await page.goto('/reset-password?token=lost-click-token&email=someone%40example.test');
      const form = resetPage(page, t);
      await expect(form.heading).toBeVisible();
      const resets = countCalls(page, apiPaths.resetPassword);
      await showThenCorrect(form.password, 'abc', NEW_PASSWORD);
      await showThenCorrect(form.confirmPassword, `${NEW_PASSWORD}x`, NEW_PASSWORD);
      await pressOnce(page, form.submit);
      await expect.poll(() => resets.length, HASHING).toBe(1);
    },
  },
];

const PETS: Scenario[] = [
  {
    title: 'add a pet: the submit takes the first press after the birth date message was corrected',
    run: async ({ page, api, t, brand }) => {
      const bt = textFor(t, brand);
      await paidOwner(api, page.request, 'Alex Walker');
      await page.goto(paths.newPet);
      await expect(page.getByRole('heading', { level: 1, name: bt('pets:newPet.title') })).toBeVisible();
      const adds = countCalls(page, apiPaths.pet, 'POST');
      if (brandConfig(brand).petTypes.length > 1)
        await page.getByRole('radio', { name: t('pets:species.Cat'), exact: true }).check();
      const name = page.getByRole('textbox', { name: t('pets:fields.name'), exact: true });
      await showThenCorrect(name, ' ', 'Miss Marple');
      const birth = page.getByRole('textbox', { name: t('pets:fields.date_of_birth'), exact: true });
      await showThenCorrect(birth, displayDate(3), displayDate(-800));
      await page.getByRole('radio', { name: t('pets:gender.female'), exact: true }).check();
      await pressOnce(page, page.getByRole('button', { name: bt('pets:newPet.submit'), exact: true }));
      await expect(page).toHaveURL(/\/dashboard$/);
      expect(adds).toHaveLength(1);
    },
  },
  {
    title: 'edit a pet: add weight and save take the first press while messages appear and go',
    run: async ({ page, api, t, lang }) => {
      await paidOwner(api, page.request, 'Alex Walker');
      const pet = await addPet(page.request, api.origin, { name: 'Bello' });
      await page.goto(petPath(pet, 'my-pet'));
      await expect(page.getByRole('heading', { level: 1, name: pet.name })).toBeVisible();
      const weight = page.getByRole('textbox', { name: t('pets:fields.weight'), exact: true });
      const weighed = page.getByRole('textbox', { name: t('pets:fields.weightDate'), exact: true });
      const addWeight = page.getByRole('button', { name: t('pets:weights.add'), exact: true });
      const entries = page.getByRole('list', { name: t('pets:weights.listLabel') }).getByRole('listitem');
      const saves = countCalls(page, apiPaths.pet, 'PUT');

      // Add with both empty marks both; typed in, the next press on Add blurs the date and its message goes.
      await pressOnce(page, addWeight);
      await expectFieldError(weight, t('errors:Weight_Required_Error'));
      await expectFieldError(weighed, t('errors:Weight_Date_Required_Error'));
      await weight.fill(lang === 'de' ? '12,5' : '12.5');
      await weighed.fill(displayDate(-60));
      await pressOnce(page, addWeight);
      await expect(entries).toHaveCount(1);

      // A second weight, with a bad name typed above and left by the press on Add: the name's message appears
      // on that blur, and Add still takes the press.
      const name = page.getByRole('textbox', { name: t('pets:fields.name'), exact: true });
      await weight.fill(lang === 'de' ? '13,1' : '13.1');
      await weighed.fill(displayDate(-1));
      await name.fill(' ');
      await pressOnce(page, addWeight);
      await expect(entries).toHaveCount(2);
      await expect(name).toHaveAttribute('aria-invalid', 'true');

      // The name corrected, then one press on Save.
      await name.fill('Bello Jr');
      await pressOnce(page, page.getByRole('button', { name: t('pets:myPet.save'), exact: true }));
      await expect.poll(() => saves.length).toBe(1);
    },
  },
];

const APPOINTMENTS_AND_ACCOUNT: Scenario[] = [
  {
    title: 'add and edit an appointment: each button takes the first press after a corrected message',
    run: async ({ page, api, t, lang }) => {
      await paidOwner(api, page.request, 'Alex Walker');
      const pet = await addPet(page.request, api.origin, { name: 'Luna' });
      const list = petPath(pet, 'appointments');
      const field = (key: string) =>
        page.getByRole('textbox', { name: t(`appointments:fields.${key}`), exact: true });
      const adds = countCalls(page, apiPaths.appointment, 'POST');

      await page.goto(`${list}/add-appointment`);
      await page.getByRole('radio', { name: t('appointments:types.Vaccination'), exact: true }).check();
      await field('vaccination_type').fill('Tollwut');
      await showThenCorrect(field('reason'), ' ', 'Jährliche Impfung');
      await showThenCorrect(field('email'), 'praxis-at-example', 'praxis@example.test');
      await showThenCorrect(field('appointment_date'), displayDate(-30), displayDate(14));
      await field('appointment_time').fill('14:30');
      await pressOnce(page, page.getByRole('button', { name: t('appointments:add.submit'), exact: true }));
      await expect(page).toHaveURL(new RegExp(`${list}$`));
      expect(adds).toHaveLength(1);

      const saves = countCalls(page, apiPaths.appointment, 'PUT');
      await page
        .getByRole('button', { name: /Jährliche Impfung/ })
        .first()
        .click();
      await showThenCorrect(
        field('reason'),
        ' ',
        lang === 'de' ? 'Impfung und Check-up' : 'Vaccination and check-up',
      );
      await pressOnce(page, page.getByRole('button', { name: t('appointments:edit.save'), exact: true }));
      // The press made the call (a lost press fails here), and the call succeeded.
      await expect.poll(() => saves.length).toBe(1);
      await expect(page.getByText(t('appointments:edit.saved'))).toBeVisible();
      expect(saves).toHaveLength(1);
    },
  },
  {
    title: 'profile name and settings address: save takes the first press after a corrected message',
    run: async ({ page, api, t }) => {
      await paidOwner(api, page.request, 'Alex Walker');
      await page.goto(paths.profile);
      const name = page.getByRole('textbox', { name: t('account:profile.name'), exact: true });
      await expect(name).toHaveValue('Alex Walker');
      const renames = countCalls(page, apiPaths.modifyAccount);
      await showThenCorrect(name, 'Al', 'Alex Walker Jr');
      await pressOnce(page, page.getByRole('button', { name: t('account:profile.save'), exact: true }));
      await expect(page.getByText(t('account:profile.saved'))).toBeVisible();
      expect(renames).toHaveLength(1);

      await page.goto(paths.settings);
      await page.getByRole('button', { name: t('account:settings.address.title') }).click();
      const updates = countCalls(page, apiPaths.updateUser);
      await showThenCorrect(
        page.getByRole('textbox', { name: t('account:settings.address.zipcode'), exact: true }),
        '1'.repeat(25),
        '20095',
      );
      await pressOnce(
        page,
        page.getByRole('button', { name: t('account:settings.address.save'), exact: true }),
      );
      await expect(page.getByText(t('account:settings.address.saved'))).toBeVisible();
      expect(updates).toHaveLength(1);
    },
  },
  {
    title: 'change password: the submit takes the first press after the confirmation message was corrected',
    run: async ({ page, api, t }) => {
      const user = await paidOwner(api, page.request, 'Alex Walker');
      await page.goto(paths.changePassword);
      const field = (key: string) =>
        page.getByRole('textbox', { name: t(`account:changePassword.${key}`), exact: true });
      const changes = countCalls(page, apiPaths.passwordChange);
      await field('oldpassword').fill(user.password);
      await field('newpassword').fill(NEW_PASSWORD);
      await showThenCorrect(field('confirmpassword'), `${NEW_PASSWORD}x`, NEW_PASSWORD);
      await pressOnce(
        page,
        page.getByRole('button', { name: t('account:changePassword.submit'), exact: true }),
      );
      await expect(page.getByRole('status')).toHaveText(t('account:changePassword.done'), HASHING);
      expect(changes).toHaveLength(1);
    },
  },
  {
    title:
      'activate a product: activate takes the first press after a corrected message and after a wrong code',
    run: async ({ page, api, t, consoleErrors }) => {
      // Refused on purpose: a wrong code (470).
      consoleErrors.allow({ url: /\/v1\/subscription\/change\/apply$/, status: 470 });
      await userForActivation(api, page.request);
      await page.goto(paths.activateProduct);
      const form = activatePage(page, t);
      await expect(form.heading).toBeVisible();
      const applies = countCalls(page, apiPaths.applyActivationCode);

      await showThenCorrect(form.code, ' ', unknownCode());
      await pressOnce(page, form.submit);
      await expectFieldError(form.code, t('errors:Wrong_Code_Text'));
      expect(applies).toHaveLength(1);

      await form.code.fill(unknownCode());
      await pressOnce(page, form.submit);
      await expect.poll(() => applies.length).toBe(2);
    },
  },
];

const CONTACTS: Scenario[] = [
  {
    title: 'add and edit a contact: each button takes the first press after a corrected message',
    run: async ({ page, api, t }) => {
      await paidOwner(api, page.request, 'Alex Walker');
      const pet = await addPet(page.request, api.origin, { name: 'Luna' });
      await addPet(page.request, api.origin, { name: 'Bello' });
      const field = (scope: Locator, key: string) =>
        scope.getByRole('textbox', { name: t(`contacts:fields.${key}`), exact: true });
      const adds = countCalls(page, apiPaths.contact, 'POST');

      // The add form of a new type: its three checked fields (type, name, phone) and the e-mail above Add.
      await page.goto(petPath(pet, 'contacts'));
      await page.getByRole('button', { name: t('contacts:list.newType') }).click();
      const add = page.getByTestId('contact-new-type');
      await showThenCorrect(field(add, 'new_type'), ' ', 'Physiotherapist');
      await showThenCorrect(field(add, 'name'), ' ', 'Jana Berg');
      await showThenCorrect(field(add, 'phone'), ' ', '040 1234567');
      await showThenCorrect(field(add, 'email'), 'jana-at-example', 'jana@example.test');
      await pressOnce(page, add.getByRole('button', { name: t('contacts:add.submit'), exact: true }));
      await expect(page.getByText(t('contacts:add.saved'))).toBeVisible();
      expect(adds).toHaveLength(1);

      // Its inline edit form, in the new type's accordion (open on the saved contact's type).
      const row = page.getByTestId('contact-row').filter({ hasText: 'Jana Berg' });
      await row.getByRole('button', { name: /Jana Berg/ }).click();
      const saves = countCalls(page, apiPaths.contact, 'PUT');
      await showThenCorrect(field(row, 'name'), ' ', 'Jana Berg-Lind');
      await showThenCorrect(field(row, 'phone'), ' ', '040 9999999');
      await showThenCorrect(field(row, 'email'), 'jana-at-example', 'jana.lind@example.test');
      await pressOnce(page, row.getByRole('button', { name: t('contacts:edit.save'), exact: true }));
      await expect.poll(() => saves.length).toBe(1);
      await expect(page.getByText(t('contacts:edit.saved'))).toBeVisible();
      expect(saves).toHaveLength(1);
    },
  },
];

/**
 * The scenarios of one area, as the steps of one test in one browser context. None depends on another: each
 * loads its page and makes its own user. Measured on this machine kind, a test with a fresh browser context
 * costs about 3.4 s of CPU before it does anything, against 0.7 s for one more page load in the same context;
 * the sweep is a dozen scenarios per area, so one test per scenario spent most of its time on that.
 * A failure names its step.
 */
function sweep(area: string, scenarios: Scenario[]) {
  test(area, async ({ page, api, t, seed, brand, lang, consoleErrors }) => {
    test.slow();
    for (const scenario of scenarios) {
      await test.step(scenario.title, () => scenario.run({ page, api, t, seed, brand, lang, consoleErrors }));
    }
  });
}

const MEDICAL: Scenario[] = [
  {
    title: 'add and edit a medication: each button takes the first press after a corrected message',
    run: async ({ page, api, t }) => {
      await paidOwner(api, page.request, 'Alex Walker');
      const pet = await addPet(page.request, api.origin, { name: 'Luna' });
      const list = medicalPath(pet, 'medication');
      const field = (key: string) =>
        page.getByRole('textbox', { name: t(`medical:fields.${key}`), exact: true });
      const adds = countCalls(page, `${apiPaths.medical}/medication`, 'POST');

      await page.goto(medicalPath(pet, 'medication', 'add'));
      await showThenCorrect(field('name.medication'), ' ', 'Apoquel');
      await page.getByRole('checkbox', { name: t('medical:choices.schedule.0'), exact: true }).check();
      await field('taking_from').fill(displayDate(-10));
      await field('taking_from').blur();
      await showThenCorrect(field('taking_to'), displayDate(-20), displayDate(20));
      await pressOnce(page, page.getByRole('button', { name: t('medical:add.medication'), exact: true }));
      await expect(page).toHaveURL(new RegExp(`${list}$`));
      expect(adds).toHaveLength(1);

      // The row opens into its form (the list's accordion): the name's message comes and goes above Save.
      const saves = countCalls(page, `${apiPaths.medical}/medication`, 'PUT');
      await page.getByRole('button', { name: /Apoquel/ }).click();
      await showThenCorrect(field('name.medication'), ' ', 'Apoquel 16');
      await pressOnce(page, page.getByRole('button', { name: t('medical:edit.save'), exact: true }));
      await expect.poll(() => saves.length).toBe(1);
      await expect(page.getByText(t('medical:edit.saved'))).toBeVisible();
    },
  },
  {
    title:
      'add a vaccination: the add button takes the first press after the date given message was corrected',
    run: async ({ page, api, t }) => {
      await paidOwner(api, page.request, 'Alex Walker');
      const pet = await addPet(page.request, api.origin, { name: 'Luna' });
      const field = (key: string) =>
        page.getByRole('textbox', { name: t(`medical:fields.${key}`), exact: true });
      const adds = countCalls(page, `${apiPaths.medical}/vaccination`, 'POST');

      await page.goto(medicalPath(pet, 'vaccination', 'add'));
      await field('name.vaccination').fill('Rabies');
      await showThenCorrect(field('dateGiven'), displayDate(3), displayDate(-30));
      await field('next_due_date').fill(displayDate(335));
      // The due date is left by the press itself: its check runs on that blur.
      await pressOnce(page, page.getByRole('button', { name: t('medical:add.vaccination'), exact: true }));
      await expect(page).toHaveURL(new RegExp(`${medicalPath(pet, 'vaccination')}$`));
      expect(adds).toHaveLength(1);
    },
  },
];

const DOCUMENTS: Scenario[] = [
  {
    title:
      'add a document and edit its description: each Save takes the first press after a corrected message',
    run: async ({ page, api, t }) => {
      await paidOwner(api, page.request, 'Alex Walker');
      const pet = await addPet(page.request, api.origin, { name: 'Luna' });
      const description = page.getByRole('textbox', { name: t('documents:form.description'), exact: true });
      const uploads = countCalls(page, apiPaths.uploadDocument, 'POST');
      const adds = countCalls(page, apiPaths.document, 'POST');

      // A file picked, the description's message shown and corrected above the files; one press on Save
      // uploads the file once and then makes the document once.
      await page.goto(documentPath(pet, 'document-safe', 'insurances', 'add'));
      await page
        .getByLabel(t('documents:form.files'), { exact: true })
        .setInputFiles([textFile('police.txt')]);
      await expect(page.getByTestId('picked-file')).toHaveCount(1);
      await showThenCorrect(description, ' ', 'Policy 2026');
      await pressOnce(page, page.getByRole('button', { name: t('documents:add.insurance'), exact: true }));
      await expect(page).toHaveURL(new RegExp(`${documentPath(pet, 'document-safe', 'insurances')}$`));
      expect(uploads).toHaveLength(1);
      expect(adds).toHaveLength(1);

      // The row's edit mode: the message comes and goes above Save.
      const saves = countCalls(page, apiPaths.document, 'PUT');
      await page.getByRole('button', { name: /Policy 2026/ }).click();
      await page.getByRole('button', { name: t('documents:view.edit'), exact: true }).click();
      await showThenCorrect(description, ' ', 'Policy 2027');
      await pressOnce(page, page.getByRole('button', { name: t('documents:edit.save'), exact: true }));
      await expect.poll(() => saves.length).toBe(1);
      await expect(page.getByText(t('documents:edit.saved'))).toBeVisible();
      expect(saves).toHaveLength(1);
    },
  },
];

const HOUSEHOLD: Scenario[] = [
  {
    title: 'invite: Send invitation takes the first press when the e-mail message disappears on its blur',
    run: async ({ page, api, t, seed }) => {
      await paidOwner(api, page.request, 'Alex Walker');
      const pet = await addPet(page.request, api.origin, { name: 'Luna' });
      await page.goto(petPath(pet, 'my-pet'));
      const card = page.getByRole('region', { name: t('household:card.title') });
      const email = card.getByRole('textbox', { name: t('household:invite.email'), exact: true });
      const send = card.getByRole('button', { name: t('household:invite.submit'), exact: true });
      const invites = countCalls(page, apiPaths.householdInvite, 'POST');

      // Send with nothing typed: the address's message appears (no call).
      await pressOnce(page, send);
      await expect(email).toHaveAttribute('aria-invalid', 'true');
      expect(invites).toHaveLength(0);

      // The address typed, the field still focused: the press blurs it and its message goes above Send.
      const address = seed.user().email;
      await email.fill(address);
      await pressOnce(page, send);
      await expect(card.getByTestId('household-invitation').filter({ hasText: address })).toBeVisible();
      expect(invites).toHaveLength(1);
    },
  },
  {
    title:
      'invite: Send invitation takes the first press after the e-mail and last day messages were corrected',
    run: async ({ page, api, t, seed }) => {
      await paidOwner(api, page.request, 'Alex Walker');
      const pet = await addPet(page.request, api.origin, { name: 'Luna' });
      await page.goto(petPath(pet, 'my-pet'));
      const card = page.getByRole('region', { name: t('household:card.title') });
      const field = (key: string) =>
        card.getByRole('textbox', { name: t(`household:invite.${key}`), exact: true });
      const invites = countCalls(page, apiPaths.householdInvite, 'POST');

      const address = seed.user().email;
      await showThenCorrect(field('email'), 'not-an-address', address);
      await card.getByRole('radio', { name: t('household:roles.sitter'), exact: true }).check();
      // A last day in the past is refused on blur; the date is the field right above Send.
      await showThenCorrect(field('until'), displayDate(-3), displayDate(30));
      await pressOnce(page, card.getByRole('button', { name: t('household:invite.submit'), exact: true }));
      await expect(card.getByTestId('household-invitation').filter({ hasText: address })).toBeVisible();
      expect(invites).toHaveLength(1);
    },
  },
];

const EMERGENCY: Scenario[] = [
  {
    title: "/notfall: Download takes the first press after the password's required message was corrected",
    run: async ({ page, api, brand }) => {
      // A real emergency password, made on the API's own session: the finder's browser stays signed out.
      await paidOwner(api, api.request, 'Alex Walker');
      const made = await api.request.post(`${api.origin}${apiPaths.emergencyPassword}`);
      expect(made.status(), `POST ${apiPaths.emergencyPassword} ${await made.text()}`).toBe(200);
      const { password } = (await made.json()) as { password: string };
      // /notfall starts in German whatever the project's language.
      const de = translator('de', brand);
      await page.goto(paths.notfall);
      const field = page.getByRole('textbox', { name: de('emergency:notfall.password'), exact: true });
      const downloads = countCalls(page, apiPaths.emergencyPublic, 'GET');

      await showThenCorrect(field, ' ', password);
      const downloading = page.waitForEvent('download');
      await pressOnce(
        page,
        page.getByRole('button', { name: de('emergency:notfall.download'), exact: true }),
      );
      expect((await downloading).suggestedFilename()).toBe('Notfallakte.pdf');
      await expect(
        page.getByRole('status').filter({ hasText: de('emergency:notfall.downloaded') }),
      ).toBeVisible();
      expect(downloads).toHaveLength(1);
    },
  },
];

sweep('register: OK and sign up take the first press after a message appeared or went', REGISTER);
sweep('sign-in, forgot and reset password: each button and link takes the first press', SIGNED_OUT);
sweep('add and edit a pet: each button takes the first press', PETS);
sweep(
  'appointments, profile, settings and product activation: each button takes the first press',
  APPOINTMENTS_AND_ACCOUNT,
);
sweep('medical data: the add and edit buttons take the first press', MEDICAL);
sweep('contacts: add and edit take the first press', CONTACTS);
sweep('documents: add and edit take the first press', DOCUMENTS);
sweep("emergency file: /notfall's Download takes the first press", EMERGENCY);
sweep("household: the invite form's Send takes the first press", HOUSEHOLD);
