import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { linksIn, type SmtpSink, sentTo, startSmtpSink } from './smtp-sink.ts';

describe('smtp sink', () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await sink.stop();
  });

  function send(to: string, subject: string, html: string, bcc?: string) {
    // The way the API's mailer is expected to talk to it: a plain SMTP URL.
    const transport = nodemailer.createTransport(sink.url);
    return transport.sendMail({
      from: 'Portal <noreply@example.test>',
      to,
      bcc,
      subject,
      text: 'Open https://portal.example.test/verify?token=abc&x=1 to verify.',
      html,
    });
  }

  test('receives a mail over SMTP and parses it', async () => {
    await send(
      'Anna <anna@example.test>',
      'Bitte bestätigen',
      '<p>Hallo Jürgen, <a href="http://127.0.0.1:3000/verify?token=abc&amp;x=1">verify</a></p>',
    );
    const mail = await sink.waitFor(sentTo('ANNA@example.test'));
    expect(mail.subject).toBe('Bitte bestätigen');
    expect(mail.html).toContain('Jürgen');
    expect(mail.envelope).toEqual({ from: 'noreply@example.test', to: ['anna@example.test'] });
    expect(linksIn(mail)).toEqual([
      'http://127.0.0.1:3000/verify?token=abc&x=1',
      'https://portal.example.test/verify?token=abc&x=1',
    ]);
  });

  test('waitFor resolves with a mail that arrives later, and sees Bcc recipients', async () => {
    const waiting = sink.waitFor(sentTo('hidden@example.test'), 5_000);
    await send('bob@example.test', 'Later', '<p>later</p>', 'hidden@example.test');
    const mail = await waiting;
    expect(mail.subject).toBe('Later');
  });

  test('waitFor rejects after its timeout, naming what did arrive', async () => {
    await expect(sink.waitFor(sentTo('nobody@example.test'), 200)).rejects.toThrow(/anna@example\.test/);
  });

  test('clear forgets received mail', async () => {
    expect(sink.messages.length).toBeGreaterThan(0);
    sink.clear();
    expect(sink.messages).toEqual([]);
  });
});
