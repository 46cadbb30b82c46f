import { expect, test } from 'vitest';
import { cancellationConfirmedMail } from './cancellation-confirmed.ts';
import { downgradeScheduledMail } from './downgrade-scheduled.ts';

// The cancellation and downgrade mails in English with an untrusted name and plan (the API tests read both
// languages from the SMTP sink: modules/billing/subscription/subscription.test.ts).

const common = {
  to: 'payer@example.test',
  name: '<b>Ann</b>',
  language: 'en' as const,
  brand: 'Petention',
  url: 'http://localhost:3000/my-account/subscription',
};

test('cancellation: the last day in subject and text, the name escaped, the subscription page linked', () => {
  const mail = cancellationConfirmedMail({ ...common, plan: 'Premium', lastDay: '09.03.2027' });
  expect(mail.subject).toBe('Petention: your cancellation is confirmed (last day 09.03.2027)');
  expect(mail.text).toContain('Your plan Premium stays active until 09.03.2027 and will not be renewed.');
  expect(mail.html).toContain('&lt;b&gt;Ann&lt;/b&gt;');
  expect(mail.html).not.toContain('<b>Ann</b>');
  expect(mail.link).toBe(common.url);
});

test('downgrade: the target and its first day; a line break in a plan name stays out of the subject', () => {
  const mail = downgradeScheduledMail({
    ...common,
    plan: 'Basic\r\nBcc: x@example.test',
    startDay: '10.03.2027',
  });
  expect(mail.subject).not.toMatch(/[\r\n]/);
  expect(mail.text).toContain('It starts on 10.03.2027');
  expect(mail.link).toBe(common.url);
});
