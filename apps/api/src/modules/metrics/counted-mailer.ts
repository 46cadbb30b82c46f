import type { Mailer } from '../../mail/mailer.ts';
import type { Metrics } from './metrics.ts';

/** The mailer, counting each mail the server took (sent) or refused (failed). */
export function countedMailer(mailer: Mailer, metrics: Pick<Metrics, 'mail'>): Mailer {
  return {
    async send(message) {
      try {
        await mailer.send(message);
      } catch (error) {
        metrics.mail('failed');
        throw error;
      }
      metrics.mail('sent');
    },
    close: () => mailer.close(),
  };
}
