import type { DeliveryKind, Submission } from '../../shared/submissions';

/** What became of one submission's delivery in a run. */
export type DeliveryOutcome =
  | { state: 'sent' }
  /** Tried and failed; counts as an attempt. */
  | { state: 'failed'; error: string; retryAfterMs?: number }
  /** Not tried this time (the destination asked to wait); no attempt counted. */
  | { state: 'deferred'; reason: string; retryAfterMs: number };

/** One way a submission leaves the system: the sheet row, the staff e-mail. */
export interface DeliveryChannel {
  kind: DeliveryKind;
  /**
   * Delivers to every given submission; answers one outcome per orderId. A
   * channel that makes several calls hands each call's outcomes to
   * `answered` as soon as it has them, and waits for it before the next call,
   * so that what was delivered can be written down at once.
   */
  deliver(submissions: Submission[], answered?: (outcomes: Map<string, DeliveryOutcome>) => Promise<void>): Promise<Map<string, DeliveryOutcome>>;
}
