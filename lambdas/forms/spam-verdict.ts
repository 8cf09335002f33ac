import { minimumFillMs } from '../../shared/forms/anti-spam';
import type { CheckReason, SpamReason } from '../../shared/submissions';

/** What the signals say of a submission: a bot's (spam, never delivered), one for staff to check (delivered), or nothing. */
export interface Verdict {
  spam?: SpamReason;
  check?: CheckReason;
}

/**
 * Judges a submission from what the form sent besides its data
 * (docs/decisions/0011-honest-input-and-no-spam.md). A filled honeypot is a
 * bot's. A start time too recent is only marked for staff: a person with
 * autofill on an older page may send that fast, and must not be buried.
 * `startedAt` is the valid start token's time, undefined when there is none:
 * an unknown fill time never counts against the visitor.
 */
export function spamVerdict(signals: { honeypot: unknown; startedAt?: number }, now: number): Verdict {
  const { honeypot, startedAt } = signals;
  if (honeypot !== undefined && honeypot !== null && honeypot !== '') return { spam: 'honeypot' };
  if (startedAt !== undefined && now - startedAt < minimumFillMs) return { check: 'tooFast' };
  return {};
}
