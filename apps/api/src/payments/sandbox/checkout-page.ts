import { apiPaths } from '@pet/shared/paths';
import { escapeHtml } from '../../mail/templates/escape.ts';

// The sandbox's setup checkout page (GET /v1/sandbox/checkout/:id): a server-rendered form that posts back
// to the same address, so it works without JavaScript and under the app's CSP (no script, inline styles
// only). It lists the test numbers, as Stripe's test-mode Checkout does. English or German by the user.

export type PageLanguage = 'en' | 'de';

// Dark enough for white button text and for the heading on white (WCAG AA 4.5:1; the e2e journeys run axe here).
const COLOURS: Record<string, string> = {
  teal: '#087f5b',
  orange: '#c2410c',
  indigo: '#4263eb',
  grape: '#ae3ec9',
  cyan: '#0b7285',
};

const TEXTS = {
  en: {
    title: 'Update your payment method',
    sandbox: 'Sandbox: no real payment method is saved. Use a test number.',
    card: 'Card',
    number: 'Card number',
    expMonth: 'Expiry month (MM)',
    expYear: 'Expiry year (YYYY)',
    cvc: 'CVC',
    iban: 'IBAN',
    sepa: 'SEPA Direct Debit',
    saveCard: 'Save card',
    saveIban: 'Save IBAN',
    cancel: 'Cancel',
    hints: 'Test numbers',
    hintOk: 'saved',
    hintFails: 'saved, but a later charge fails',
    hintCard: 'Cards: any future expiry date and any three-digit CVC.',
    closed: 'This checkout is no longer open.',
    errors: {
      incomplete_number: 'The card number is incomplete.',
      invalid_number: 'The card number is invalid.',
      incomplete_expiry: 'The expiry date is incomplete.',
      invalid_expiry_year_past: 'The card has expired.',
      incomplete_cvc: 'The security code is incomplete.',
      incomplete_iban: 'The IBAN is incomplete.',
      invalid_iban_start: 'The IBAN must start with a two-letter country code.',
      invalid_iban_country_code: 'The IBAN’s country code is invalid.',
      invalid_iban: 'The IBAN is invalid.',
      declined: 'The card was declined.',
      not_a_test_method: 'Only the test numbers below can be saved in the sandbox.',
    },
  },
  de: {
    title: 'Zahlungsmethode ändern',
    sandbox: 'Sandbox: Es wird keine echte Zahlungsmethode gespeichert. Bitte verwenden Sie eine Testnummer.',
    card: 'Karte',
    number: 'Kartennummer',
    expMonth: 'Ablaufmonat (MM)',
    expYear: 'Ablaufjahr (JJJJ)',
    cvc: 'Prüfnummer',
    iban: 'IBAN',
    sepa: 'SEPA-Lastschrift',
    saveCard: 'Karte speichern',
    saveIban: 'IBAN speichern',
    cancel: 'Abbrechen',
    hints: 'Testnummern',
    hintOk: 'wird gespeichert',
    hintFails: 'wird gespeichert, eine spätere Abbuchung schlägt fehl',
    hintCard: 'Karten: ein beliebiges Ablaufdatum in der Zukunft und eine beliebige dreistellige Prüfnummer.',
    closed: 'Dieser Vorgang ist nicht mehr offen.',
    errors: {
      incomplete_number: 'Die Kartennummer ist unvollständig.',
      invalid_number: 'Die Kartennummer ist ungültig.',
      incomplete_expiry: 'Das Ablaufdatum ist unvollständig.',
      invalid_expiry_year_past: 'Die Karte ist abgelaufen.',
      incomplete_cvc: 'Die Prüfnummer ist unvollständig.',
      incomplete_iban: 'Die IBAN ist unvollständig.',
      invalid_iban_start: 'Die IBAN muss mit einem zweistelligen Ländercode beginnen.',
      invalid_iban_country_code: 'Der Ländercode der IBAN ist ungültig.',
      invalid_iban: 'Die IBAN ist ungültig.',
      declined: 'Die Karte wurde abgelehnt.',
      not_a_test_method: 'In der Sandbox können nur die unten genannten Testnummern gespeichert werden.',
    },
  },
} as const;

export type PageError = keyof (typeof TEXTS)['en']['errors'];

const HINTS: [string, 'hintOk' | 'hintFails'][] = [
  ['4242 4242 4242 4242', 'hintOk'],
  ['5555 5555 5555 4444', 'hintOk'],
  ['4000 0000 0000 0341', 'hintFails'],
  ['DE89 3704 0044 0532 0130 00', 'hintOk'],
  ['AT61 1904 3002 3457 3201', 'hintOk'],
  ['DE62 3704 0044 0532 0130 01', 'hintFails'],
];

export interface CheckoutPageInput {
  sessionId: string;
  language: PageLanguage;
  brandName: string;
  brandColour: string;
  open: boolean;
  error?: PageError | undefined;
}

export function checkoutPage(input: CheckoutPageInput): string {
  const text = TEXTS[input.language];
  const colour = COLOURS[input.brandColour] ?? '#0b7285';
  const action = escapeHtml(`${apiPaths.sandboxCheckout}/${input.sessionId}`);
  const field = (name: string, label: string, extra: string) =>
    `<label>${escapeHtml(label)}<input name="${name}" ${extra}></label>`;
  const body = !input.open
    ? `<p>${escapeHtml(text.closed)}</p>`
    : `${input.error ? `<p class="error" role="alert">${escapeHtml(text.errors[input.error])}</p>` : ''}
<form method="post" action="${action}">
<input type="hidden" name="action" value="card">
<fieldset><legend>${escapeHtml(text.card)}</legend>
${field('number', text.number, 'inputmode="numeric" autocomplete="off" required')}
<div class="row">${field('exp_month', text.expMonth, 'inputmode="numeric" size="2" maxlength="2" required')}
${field('exp_year', text.expYear, 'inputmode="numeric" size="4" maxlength="4" required')}
${field('cvc', text.cvc, 'inputmode="numeric" size="4" maxlength="4" autocomplete="off" required')}</div>
<button type="submit">${escapeHtml(text.saveCard)}</button></fieldset></form>
<form method="post" action="${action}">
<input type="hidden" name="action" value="sepa">
<fieldset><legend>${escapeHtml(text.sepa)}</legend>
${field('iban', text.iban, 'autocomplete="off" required')}
<button type="submit">${escapeHtml(text.saveIban)}</button></fieldset></form>
<form method="post" action="${action}"><input type="hidden" name="action" value="cancel">
<button type="submit" class="secondary">${escapeHtml(text.cancel)}</button></form>
<h2>${escapeHtml(text.hints)}</h2>
<ul>${HINTS.map(([number, hint]) => `<li><code>${number}</code>: ${escapeHtml(text[hint])}</li>`).join('')}</ul>
<p class="note">${escapeHtml(text.hintCard)}</p>`;
  return `<!doctype html>
<html lang="${input.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(text.title)} · ${escapeHtml(input.brandName)}</title>
<style>
body{margin:0;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:#1f2933}
main{max-width:480px;margin:24px auto;background:#fff;border-radius:8px;padding:24px}
h1{font-size:20px;color:${colour}}h2{font-size:15px}
fieldset{border:1px solid #dee2e6;border-radius:6px;margin:0 0 16px}
label{display:block;margin:8px 0;font-size:14px}input{display:block;width:100%;box-sizing:border-box;padding:8px;font-size:15px}
.row{display:flex;gap:8px}button{background:${colour};color:#fff;border:0;border-radius:4px;padding:10px 16px;font-size:15px}
button.secondary{background:#5c636a}.error{color:#c92a2a}.note{font-size:13px;color:#495057}
ul{font-size:14px;padding-left:20px}li{margin:4px 0}code{font-size:13px}
</style></head>
<body><main><h1>${escapeHtml(input.brandName)}: ${escapeHtml(text.title)}</h1>
<p class="note">${escapeHtml(text.sandbox)}</p>
${body}
</main></body></html>`;
}
