import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, test } from 'vitest';
import { createMailer, outboxFileName } from './mailer.ts';

// Outbox mode (no SMTP_URL): mails become files, and outside production their link is logged so a local user
// can follow it. In production a link (reset, sign-in) is a key to an account: it never reaches the log.

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function outboxMailer(nodeEnv: 'development' | 'production') {
  const dataDir = await mkdtemp(join(tmpdir(), 'pet-mailer-'));
  folders.push(dataDir);
  const logged: unknown[] = [];
  const log = { info: (...args: unknown[]) => logged.push(args) } as unknown as FastifyBaseLogger;
  const mailer = createMailer(
    { NODE_ENV: nodeEnv, MAIL_FROM: 'Pet <no-reply@localhost>', DATA_DIR: dataDir },
    log,
  );
  await mailer.send({
    to: 'owner@example.test',
    subject: 'Reset',
    html: '<p>x</p>',
    text: 'x',
    link: 'http://localhost:3000/api/auth/reset-password/secret-token',
  });
  mailer.close();
  return { logged: JSON.stringify(logged), files: await readdir(join(dataDir, 'outbox')) };
}

describe('outbox mode', () => {
  test('logs the link outside production', async () => {
    const { logged, files } = await outboxMailer('development');
    expect(logged).toContain('secret-token');
    expect(files).toHaveLength(1);
  });

  test('never logs the link in production', async () => {
    const { logged, files } = await outboxMailer('production');
    expect(logged).not.toContain('secret-token');
    expect(logged).toContain('mail written to outbox');
    expect(files).toHaveLength(1);
  });
});

describe('outbox file names', () => {
  test('keep the message id with its @ (without the angle brackets)', async () => {
    const { files } = await outboxMailer('development');
    expect(files[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z-[\w.-]+@[\w.-]+\.eml$/);
  });

  test('are safe: no path separator or other character a file system refuses', () => {
    const at = new Date('2026-11-28T10:00:00.123Z');
    expect(outboxFileName(at, '<1b2c-3d@localhost>')).toBe('2026-11-28T10-00-00-123Z-1b2c-3d@localhost.eml');
    expect(outboxFileName(at, '<../x/y\\z:*?"|@host>')).toBe('2026-11-28T10-00-00-123Z-..xyz@host.eml');
  });
});
