import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Env } from '../config/env.ts';

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** The one link the reader must follow (verification, reset, sign-in); logged for local outbox use. */
  link?: string;
  /** Files sent with the mail (an order confirmation's invoice PDF). */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The outbox file of a message: when it was written, then its Message-ID without the angle brackets, its
 * `@` kept (`2026-11-28T10-00-00-000Z-1b2c...@localhost.eml`), so the file can be found by the id a log or
 * a mail header names. Only letters, digits, `_`, `.`, `-` and `@` stay: no path separator, no character
 * a file system refuses.
 */
export function outboxFileName(at: Date, messageId: string): string {
  return `${at.toISOString().replace(/[:.]/g, '-')}-${messageId.replace(/[^\w.@-]/g, '')}.eml`;
}

/**
 * With SMTP_URL the message goes to that server. Without it ("outbox mode", for local use), each message is
 * written to DATA_DIR/outbox as an .eml file and its link is logged, so a local user can still verify an
 * account. Production refuses to start without SMTP_URL (env.ts); should a mailer still be made there, a link
 * (reset, sign-in: a key to the account) never reaches the log.
 */
export function createMailer(
  env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM' | 'DATA_DIR' | 'NODE_ENV'>,
  log: FastifyBaseLogger,
): Mailer {
  if (env.SMTP_URL) {
    const url = new URL(env.SMTP_URL);
    const transport = nodemailer.createTransport({
      url: env.SMTP_URL,
      // A plain smtp:// URL to a relay on this machine (a local sink) is not upgraded to TLS; one to another
      // host is, whenever the server offers STARTTLS (nodemailer's default), so a password in the URL does
      // not cross the network in clear. `?starttls=true` upgrades on this machine too.
      ignoreTLS:
        url.protocol === 'smtp:' &&
        LOOPBACK_HOSTS.has(url.hostname) &&
        url.searchParams.get('starttls') !== 'true',
    });
    return {
      async send(message) {
        await transport.sendMail({
          from: env.MAIL_FROM,
          to: message.to,
          subject: message.subject,
          html: message.html,
          text: message.text,
          ...(message.attachments ? { attachments: message.attachments } : {}),
        });
      },
      close: () => transport.close(),
    };
  }
  const outbox = join(env.DATA_DIR, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({
        from: env.MAIL_FROM,
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
        ...(message.attachments ? { attachments: message.attachments } : {}),
      });
      await mkdir(outbox, { recursive: true });
      const file = join(outbox, outboxFileName(new Date(), info.messageId));
      await writeFile(file, info.message as Buffer);
      // Only without SMTP, on the operator's own machine: the link is what lets a local user in.
      const link = env.NODE_ENV === 'production' ? undefined : message.link;
      log.info({ file, link }, `mail written to outbox: ${message.subject}`);
    },
    close: () => transport.close(),
  };
}
