import { type BrandConfig, type Downgrading, isoToDisplayDate, termLastDay } from '@pet/shared';
import { paths } from '@pet/shared/paths';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { mailLanguage } from '../../mail/i18n.ts';
import type { Mailer, MailMessage } from '../../mail/mailer.ts';
import { cancellationConfirmedMail } from '../../mail/templates/cancellation-confirmed.ts';
import { downgradeScheduledMail } from '../../mail/templates/downgrade-scheduled.ts';
import { findProductById } from '../plans/products.repo.ts';

// The mails of the user's own cancel and downgrade (ADR 0011 "Mails"), sent after the change committed. The
// change stands whether or not the mail goes out: a refused send is logged, and the request still succeeds.

export interface MailRecipient {
  email: string;
  name: string;
  language: string;
}

export interface LifecycleMailDeps {
  db: DbOrTx;
  brand: BrandConfig;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
}

export type LifecycleMails = ReturnType<typeof lifecycleMails>;

export function lifecycleMails(deps: LifecycleMailDeps) {
  const url = `${deps.publicUrl}${paths.subscription}`;
  const send = async (label: string, message: MailMessage) => {
    try {
      await deps.mailer.send(message);
    } catch (error) {
      deps.log.warn({ err: error, mail: label }, 'lifecycle mail not sent');
    }
  };
  return {
    /** The term's last day: its end instant (unix seconds) minus a moment, in Berlin. */
    async cancellationConfirmed(user: MailRecipient, productId: string, endUnixSeconds: number) {
      const product = await findProductById(deps.db, productId);
      await send(
        'cancellation confirmed',
        cancellationConfirmedMail({
          to: user.email,
          name: user.name,
          language: mailLanguage(user.language),
          brand: deps.brand.displayName,
          plan: product?.name ?? '',
          lastDay: isoToDisplayDate(termLastDay(endUnixSeconds)),
          url,
        }),
      );
    },
    async downgradeScheduled(user: MailRecipient, downgrading: Downgrading) {
      await send(
        'downgrade scheduled',
        downgradeScheduledMail({
          to: user.email,
          name: user.name,
          language: mailLanguage(user.language),
          brand: deps.brand.displayName,
          plan: downgrading.product_name,
          startDay: isoToDisplayDate(downgrading.starts_on),
          url,
        }),
      );
    },
  };
}
