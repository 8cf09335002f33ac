import type { SpamReason } from '../../shared/submissions';

/**
 * A submission sent sooner than this after its form opened is taken for a
 * bot's: a person reads the form, types a name and a phone and picks a
 * wilaya, which takes longer even with autofill.
 */
export const minimumFillMs = 3_000;

/**
 * Whether a submission is a bot's, from what the form sent besides its data
 * (docs/decisions/0011-honest-input-and-no-spam.md): a filled honeypot, or a
 * start time too recent. `startedAt` is the verified start token's time,
 * undefined when the form sent none: an unknown fill time never counts
 * against the visitor.
 */
export function spamVerdict(signals: { honeypot: unknown; startedAt?: number }, now: number): SpamReason | undefined {
  const { honeypot, startedAt } = signals;
  if (honeypot !== undefined && honeypot !== null && honeypot !== '') return 'honeypot';
  if (startedAt !== undefined && now - startedAt < minimumFillMs) return 'tooFast';
  return undefined;
}
