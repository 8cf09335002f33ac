import type { Delivery } from '../../shared/submissions';
import type { DeliveryOutcome } from './channel';

/**
 * When a failed delivery is tried again: 5 s after the first failure, then
 * twice as long each time, at most 30 s apart (a relay down for an hour
 * costs two calls a minute per sheet, and its backlog leaves within 30 s of
 * its return), and never sooner than the destination asked (Retry-After).
 */
const firstDelayMs = 5_000;
export const maxRetryDelayMs = 30_000;

export function retryDelayMs(attempts: number, retryAfterMs = 0): number {
  const backoff = Math.min(maxRetryDelayMs, firstDelayMs * 2 ** Math.max(0, attempts - 1));
  return Math.max(backoff, retryAfterMs);
}

/** A delivery's state after an outcome at time `now` (ms). */
export function afterOutcome(delivery: Delivery, outcome: DeliveryOutcome, now: number): Delivery {
  const at = new Date(now).toISOString();
  if (outcome.state === 'sent') {
    // Found in the sheet: an earlier attempt delivered it, this one made no call.
    const attempts = outcome.foundInSheet ? Math.max(1, delivery.attempts) : delivery.attempts + 1;
    return { state: 'sent', attempts, lastAttemptAt: at, sentAt: at };
  }
  if (outcome.state === 'deferred') {
    return { ...delivery, nextAttemptAt: new Date(now + outcome.retryAfterMs).toISOString() };
  }
  const attempts = delivery.attempts + 1;
  if (outcome.state === 'refused') {
    return { state: 'needsStaff', attempts, lastError: outcome.error, lastAttemptAt: at };
  }
  return {
    state: 'failing',
    attempts,
    lastError: outcome.error,
    lastAttemptAt: at,
    nextAttemptAt: new Date(now + retryDelayMs(attempts, outcome.retryAfterMs)).toISOString(),
    ...(outcome.unconfirmed ? { unconfirmed: true } : {}),
    ...(outcome.alone || delivery.alone ? { alone: true } : {}),
  };
}

/** Whether the delivery is waiting to be tried at `now` (ISO): not sent, and its time has come (a needsStaff one only once staff sent it again). */
export function isDue(delivery: Delivery | undefined, now: string): delivery is Delivery {
  return delivery !== undefined && delivery.state !== 'sent' && delivery.nextAttemptAt !== undefined && delivery.nextAttemptAt <= now;
}
