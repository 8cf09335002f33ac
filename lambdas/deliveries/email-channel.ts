import type { FormSchema } from '../../shared/forms/form-schema';
import type { Submission } from '../../shared/submissions';
import { mapConcurrently } from '../lib/concurrency';
import { MailError, type Mailer } from './mailer';
import { stoppingOutcome, type DeliveryChannel, type DeliveryOutcome } from './channel';
import { retryDelayMs } from './retry-policy';
import { composeStaffMail, type StaffMailOptions } from './staff-mail';

export interface EmailChannelOptions extends StaffMailOptions {
  mailer: Mailer;
  /** Who gets the mail. */
  to: string[];
  /** The bundled schema of a form (its title and labels); undefined when the form no longer exists. */
  schemaOf(formId: string): Promise<FormSchema | undefined>;
  /** Mails sent at once: SES counts a sending rate per second. */
  concurrency?: number;
}

/** How long the rest waits after SES answered "too many requests": its quota is a rate per second. */
const throttledWaitMs = 1_000;

/**
 * The staff e-mail: one mail per submission. A failure is retried by the
 * worker like the sheet row, with SES's error kept for staff. Once SES
 * throttles, or cannot be reached, the mails not yet sent wait without an
 * attempt counted: the sheet rows of the same run, sent after the mails, are
 * not held back by an SES that hangs.
 */
export function emailChannel({ mailer, to, schemaOf, concurrency = 5, ...mail }: EmailChannelOptions): DeliveryChannel {
  return {
    kind: 'email',
    async deliver(submissions, run) {
      const outcomes = new Map<string, DeliveryOutcome>();
      let stopped: { reason: string; retryAfterMs: number } | undefined;

      const sendOne = async (submission: Submission): Promise<DeliveryOutcome> => {
        if (stopped) return { state: 'deferred', ...stopped };
        if (run?.stop?.aborted) return stoppingOutcome;
        const schema = await schemaOf(submission.formId);
        if (!schema) return { state: 'failed', error: `The form "${submission.formId}" no longer exists` };
        try {
          await mailer.send({ to, ...composeStaffMail(submission, schema, mail) });
          return { state: 'sent' };
        } catch (error) {
          if (!(error instanceof MailError)) throw error;
          if (error.kind === 'throttled') stopped = { reason: 'SES asked to slow down', retryAfterMs: throttledWaitMs };
          if (error.kind === 'unavailable') stopped = { reason: 'SES was unavailable a moment ago', retryAfterMs: retryDelayMs(1) };
          return { state: 'failed', error: error.message, retryAfterMs: error.kind === 'throttled' ? throttledWaitMs : undefined };
        }
      };
      await mapConcurrently(submissions, concurrency, async (submission) => outcomes.set(submission.orderId, await sendOne(submission)));
      return outcomes;
    },
  };
}
