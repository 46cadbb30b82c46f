import { and, eq, isNull } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Job } from 'pg-boss';
import { z } from 'zod';
import type { DbOrTx, Tx } from '../db/client.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { claimDelivery, type DeliveryKey, releaseDelivery } from '../modules/reminders/reminders.repo.ts';
import type { AppContext } from '../plugins/app-context.ts';
import type { JobRef } from './define-job.ts';
import type { Jobs } from './jobs.ts';

// What every reminder mail shares (appointments, vaccinations and dewormings): its pg-boss job, created and
// cancelled in the transaction that writes the record, so a reminder never exists without its job or the
// other way round (DESIGN.md, jobs note); and the worker's guarantee of at most one mail per reminder time.
//
// Order: claim, then send. The claim is a conditional UPDATE (`reminder_sent_at` still null and
// `reminder_at` still the job's instant) committed before the mail is handed to the SMTP server:
//  - a second worker, or a retry after the mail was accepted, finds the claim and sends nothing;
//  - a send that fails (server unreachable, refused) releases the claim and throws, so pg-boss retries;
//  - a process that dies between the claim and the SMTP server's acceptance loses that one reminder
//    (it is marked sent but never went out). We chose at-most-once: a lost reminder after a crash in that
//    window of milliseconds is better than a duplicate after every crash that follows a send.
// A job whose reminder moved, was removed or whose record was deleted finds no row to claim and ends quietly.
//
// A reminder goes to the owner and to each household member opted in (issue 49), one mail each. Each mail is
// claimed once more per recipient (a row of reminder_deliveries, keyed by the reminder and its instant) before
// it is sent: when one recipient's send fails, the record's claim is released for pg-boss's retry, and the
// retry sends only the mails still owed, never again one that went out (the owner's included).

/** A reminder job's data: the record it reminds of, and the instant it is due. */
export const reminderPayload = z.object({
  recordId: z.string(),
  /** ISO instant the reminder is due; the job acts only while the record still says exactly this. */
  remindAt: z.string(),
});
export type ReminderJob = z.infer<typeof reminderPayload>;

/** The reminder jobs of one queue. */
export function reminderJobs(queue: JobRef<typeof reminderPayload>) {
  return {
    schedule(jobs: Pick<Jobs, 'send'>, tx: Tx, recordId: string, remindAt: Date): Promise<string | null> {
      const data: ReminderJob = { recordId, remindAt: remindAt.toISOString() };
      return jobs.send(queue, data, { tx, startAfter: remindAt });
    },
    async cancel(jobs: Pick<Jobs, 'cancel'>, tx: Tx, jobId: string | null): Promise<void> {
      if (jobId) await jobs.cancel(queue, jobId, tx);
    },
  };
}

/** A table of records with a reminder: its instant and the mark that it went out. */
type ReminderTable = PgTable & { id: PgColumn; reminderAt: PgColumn; reminderSentAt: PgColumn };

/**
 * Claims and releases the reminders of a table. Not scoped by a user (a job acts for the record it names),
 * but by the reminder's exact instant, so a job for a reminder that has since moved or gone does nothing.
 * `kind` names the record's reminders among all reminder mails (`appointment`: `appointment:<id>`).
 */
export function reminderClaims<T extends ReminderTable>(table: T, kind: string) {
  const mark = (sentAt: Date | null) => ({ reminderSentAt: sentAt }) as PgUpdateSetSource<T>;
  return {
    /** The record's reminder as its per-recipient claims name it. */
    reminder: (recordId: string) => `${kind}:${recordId}`,
    /** Marks the reminder sent if it is still due at `remindAt` and unsent; the mark, or null if it is not. */
    async claim(db: DbOrTx, recordId: string, remindAt: Date): Promise<Date | null> {
      const [row] = await db
        .update(table)
        .set(mark(new Date()))
        .where(and(eq(table.id, recordId), eq(table.reminderAt, remindAt), isNull(table.reminderSentAt)))
        .returning({ sentAt: table.reminderSentAt });
      return (row?.sentAt as Date | null | undefined) ?? null;
    },
    /** Undoes a claim whose mail could not be handed to the mail server (the job is then retried). */
    async release(db: DbOrTx, recordId: string, claimedAt: Date): Promise<void> {
      await db
        .update(table)
        .set(mark(null))
        .where(and(eq(table.id, recordId), eq(table.reminderSentAt, claimedAt)));
    },
  };
}

/** Later than this after its time, a reminder says it is late (the server was down when it was due). */
export const LATE_AFTER_MS = 5 * 60_000;

export interface ReminderHandlerOptions {
  /** Tests shorten it. */
  lateAfterMs?: number;
}

export interface ReminderSend {
  /** When the job claimed the reminder. */
  claimedAt: Date;
  /** When it was due. */
  remindAt: Date;
  /** Whether it goes out later than LATE_AFTER_MS (or the test's) after it was due. */
  late: boolean;
}

/** One recipient's mail of a reminder. */
export interface RecipientMail {
  userId: string;
  message: MailMessage;
}

export type ReminderWorkerDeps = Pick<AppContext, 'db' | 'mailer' | 'log' | 'clock'>;

/**
 * Sends each mail whose recipient has not had this reminder (claimed first, per recipient). A failed send
 * gives its claim back and the others still go; then the first failure is thrown, for a retry. The record
 * reminders' worker below and the dose reminders' sweep (modules/reminders/dose-reminders.ts) send through it.
 */
export async function sendEachOnce(
  deps: ReminderWorkerDeps,
  reminder: string,
  dueAt: Date,
  mails: RecipientMail[],
): Promise<number> {
  let sent = 0;
  const failures: unknown[] = [];
  for (const { userId, message } of mails) {
    const key: DeliveryKey = { reminder, dueAt, userId };
    if (!(await claimDelivery(deps.db, key, deps.clock()))) continue;
    try {
      await deps.mailer.send(message);
      sent += 1;
    } catch (error) {
      await releaseDelivery(deps.db, key);
      deps.log.error({ err: error, reminder, userId }, 'reminder mail not sent');
      failures.push(error);
    }
  }
  if (failures.length > 0) throw failures[0];
  return sent;
}

/**
 * The worker of a reminder queue: claims the job's reminder, then hands `mails` the claim; `mails` reads the
 * record and writes a mail for each recipient, the owner's first (none when the record has gone). Each is
 * sent once; a failed send releases the record's claim and rethrows, so pg-boss retries the ones still owed.
 */
export function reminderWorker(
  deps: ReminderWorkerDeps,
  claims: ReturnType<typeof reminderClaims>,
  options: ReminderHandlerOptions,
  mails: (recordId: string, claim: ReminderSend) => Promise<RecipientMail[]>,
) {
  const lateAfterMs = options.lateAfterMs ?? LATE_AFTER_MS;
  return async (job: Job<ReminderJob>): Promise<void> => {
    const { recordId } = job.data;
    const remindAt = new Date(job.data.remindAt);
    const claimedAt = await claims.claim(deps.db, recordId, remindAt);
    if (!claimedAt) return;
    const late = claimedAt.getTime() - remindAt.getTime() > lateAfterMs;
    const reminder = claims.reminder(recordId);
    try {
      const sent = await sendEachOnce(
        deps,
        reminder,
        remindAt,
        await mails(recordId, { claimedAt, remindAt, late }),
      );
      if (sent > 0) deps.log.info({ reminder, late, sent }, 'reminder sent');
    } catch (error) {
      await claims.release(deps.db, recordId, claimedAt);
      throw error;
    }
  };
}
