import type { DeliveryKind, Submission } from '../../shared/submissions';

/** What became of one submission's delivery in a run. */
export type DeliveryOutcome =
  /** Delivered; `foundInSheet` when an earlier call had delivered it, as the sheet read back showed. */
  | { state: 'sent'; foundInSheet?: true }
  /**
   * Tried and failed; counts as an attempt. `unconfirmed` when the destination
   * may have it all the same (no answer in time); `alone` when it failed on its
   * own while the destination took others, so it goes alone from now on.
   */
  | { state: 'failed'; error: string; retryAfterMs?: number; unconfirmed?: true; alone?: true }
  /** The destination refused this one on its own: trying again cannot help; it waits for staff. */
  | { state: 'refused'; error: string }
  /** Not tried this time (the destination asked to wait, or the run is stopping); no attempt counted. */
  | { state: 'deferred'; reason: string; retryAfterMs: number };

/** What a channel is told about the run it delivers for. */
export interface DeliveryRun {
  /**
   * A channel that makes several calls hands each call's outcomes here as
   * soon as it has them, and waits for it before the next call, so that
   * what was delivered is written down at once.
   */
  answered?(outcomes: Map<string, DeliveryOutcome>): Promise<void>;
  /** Aborted when the run must end early: no new call starts, what is left is deferred. */
  stop?: AbortSignal;
}

/** One way a submission leaves the system: the sheet row, the staff e-mail. */
export interface DeliveryChannel {
  kind: DeliveryKind;
  /** Delivers to every given submission; answers one outcome per orderId. */
  deliver(submissions: Submission[], run?: DeliveryRun): Promise<Map<string, DeliveryOutcome>>;
}

/** The outcome of what a run stopping leaves untried: due again at once, for the next run. */
export const stoppingOutcome: DeliveryOutcome = { state: 'deferred', reason: 'The delivery run was stopping', retryAfterMs: 0 };
