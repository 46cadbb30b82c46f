import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { beforeAll } from 'vitest';
import { createJobs, type JobHandlers, type Jobs } from '../../src/jobs/jobs.ts';
import type { TestUser } from './accounts.ts';
import { addPet, rowsOf } from './pets.ts';
import { type ReceivedMail, sentTo } from './smtp-sink.ts';
import type { TestApp } from './test-app.ts';

// Reminder mails through the real job queue, for the appointment and medical reminder tests: a worker of its
// own (a pg-boss instance on the app's database, as a second API process would be; polling every 0.5 s) and
// the reminder mails about one pet in the SMTP sink.

const silent = pino({ level: 'silent' });

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts workers for the given queues; the test stops them. */
export async function startJobWorker(app: FastifyInstance, handlers: JobHandlers): Promise<Jobs> {
  const jobs = createJobs(app.ctx.database, silent);
  await jobs.work(handlers, { pollingIntervalSeconds: 0.5 });
  return jobs;
}

/** Reminder mails about this pet (the account's verification mail went to the address too). */
export const reminderFor = (pet: { name: string }) => (mail: ReceivedMail) =>
  /reminder|Erinnerung/.test(mail.subject ?? '') && (mail.subject ?? '').includes(` ${pet.name} `);

export function reminderMails(t: TestApp, user: TestUser, pet: { name: string }): ReceivedMail[] {
  return t.sink.messages.filter((m) => sentTo(user.email)(m) && reminderFor(pet)(m));
}

/** When a pg-boss job may start (its `start_after`), or undefined when there is no such job. */
export async function jobStart(t: TestApp, jobId: string): Promise<Date | undefined> {
  const rows = rowsOf<{ start_after: Date | string }>(
    await t.database.db.execute(sql`select start_after from pgboss.job where id = ${jobId}`),
  );
  return rows[0] ? new Date(rows[0].start_after) : undefined;
}

/**
 * One English and one German owner on `plan` for a reminder test file (made before its tests), and for each
 * test a new pet of one of them ("Bello 1", "Bello 2", ...), named in the mails so tests tell theirs apart.
 */
export function reminderCustomers(t: TestApp, plan: string) {
  const owners: Partial<Record<'en' | 'de', TestUser>> = {};
  beforeAll(async () => {
    for (const language of ['en', 'de'] as const) {
      owners[language] = await t.user({ language, name: 'Mia Owner', plan });
    }
  });
  let pets = 0;
  return async (
    language: 'en' | 'de' = 'en',
  ): Promise<{ user: TestUser; pet: { id: string; name: string } }> => {
    pets += 1;
    const user = owners[language];
    if (!user) throw new Error('reminderCustomers: the owners are made in beforeAll');
    return { user, pet: await addPet(t, user, { name: `Bello ${pets}` }) };
  };
}
