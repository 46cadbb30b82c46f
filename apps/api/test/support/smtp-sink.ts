// An SMTP server on loopback that keeps every message it receives, so tests can read the mails the API sends
// (verification links, reset links, reminders) over real SMTP instead of a mocked mailer.
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A parsed mail plus its SMTP envelope: the envelope holds Bcc recipients the headers do not. */
export type ReceivedMail = ParsedMail & { envelope: { from: string; to: string[] } };

export type MailPredicate = (mail: ReceivedMail) => boolean;

export type SmtpSink = {
  /** For SMTP_URL; the sink offers no STARTTLS, so nodemailer sends in plain text on loopback. */
  url: string;
  port: number;
  messages: ReceivedMail[];
  /** Resolves with the first message (already received or arriving later) that matches. */
  waitFor(pred: MailPredicate, timeoutMs?: number): Promise<ReceivedMail>;
  /**
   * The next `times` messages to `address` are refused with a temporary failure (451), as a mail server
   * that is down or throttling answers; answers how many refusals are still to come.
   */
  refuse(address: string, times: number): () => number;
  clear(): void;
  stop(): Promise<void>;
};

export async function startSmtpSink(options: { port?: number } = {}): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<(mail: ReceivedMail) => void>();
  const refusals = new Map<string, number>();

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // No DNS on a test machine; a reverse lookup of 127.0.0.1 only adds delay.
    disableReverseLookup: true,
    logger: false,
    // Pooled nodemailer transports keep connections open; do not wait the default 30 s for them on stop().
    closeTimeout: 500,
    onRcptTo(address, _session, callback) {
      const key = address.address.toLowerCase();
      const left = refusals.get(key) ?? 0;
      if (left === 0) return callback();
      refusals.set(key, left - 1);
      callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const mail: ReceivedMail = Object.assign(parsed, {
            envelope: {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
            },
          });
          messages.push(mail);
          for (const notify of waiters) notify(mail);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  // Errors after start (a client dropping its connection) must not crash the test process.
  server.on('error', () => {});
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    waitFor(pred, timeoutMs = 10_000) {
      const found = messages.find(pred);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          const seen = messages.map((m) => `${m.envelope.to.join(',')}: ${m.subject ?? ''}`).join('; ');
          reject(new Error(`No matching mail within ${timeoutMs} ms. Received: ${seen || 'nothing'}`));
        }, timeoutMs);
        const check = (mail: ReceivedMail) => {
          if (!pred(mail)) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(mail);
        };
        waiters.add(check);
      });
    },
    refuse(address, times) {
      const key = address.toLowerCase();
      refusals.set(key, times);
      return () => refusals.get(key) ?? 0;
    },
    clear() {
      messages.length = 0;
    },
    stop() {
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** Predicate: the mail was sent to this address (envelope, case-insensitive). */
export function sentTo(address: string): MailPredicate {
  const wanted = address.toLowerCase();
  return (mail) => mail.envelope.to.some((to) => to.toLowerCase() === wanted);
}

/** Every http(s) link in the mail, HTML hrefs first (they are what a reader clicks), then the text body. */
export function linksIn(mail: Pick<ParsedMail, 'html' | 'text'>): string[] {
  const links: string[] = [];
  if (mail.html) {
    for (const m of mail.html.matchAll(/href\s*=\s*["'](https?:\/\/[^"']+)["']/gi)) {
      links.push(decodeEntities(m[1] ?? ''));
    }
  }
  for (const m of (mail.text ?? '').matchAll(/https?:\/\/[^\s<>"')\]]+/g)) links.push(m[0]);
  return [...new Set(links)];
}

function decodeEntities(s: string): string {
  return s
    .replaceAll('&amp;', '&')
    .replaceAll('&#x3D;', '=')
    .replaceAll('&#61;', '=')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'");
}
