import type { Delivery } from '../../shared/submissions';
import type { DeliveryOutcome } from './channel';

/**
 * When a failed delivery is tried again: 5 s after the first failure, then
 * twice as long each time, at most a minute apart (a relay down for an hour
 * costs one call a minute per sheet), and never sooner than the destination
 * asked (Retry-After).
 */
const firstDelayMs = 5_000;
const maxDelayMs = 60_000;

export function retryDelayMs(attempts: number, retryAfterMs = 0): number {
  const backoff = Math.min(maxDelayMs, firstDelayMs * 2 ** Math.max(0, attempts - 1));
  return Math.max(backoff, retryAfterMs);
}

/** A delivery's state after an outcome at time `now` (ms). */
export function afterOutcome(delivery: Delivery, outcome: DeliveryOutcome, now: number): Delivery {
  const at = new Date(now).toISOString();
  if (outcome.state === 'sent') {
    return { state: 'sent', attempts: delivery.attempts + 1, lastAttemptAt: at, sentAt: at };
  }
  if (outcome.state === 'deferred') {
    return { ...delivery, nextAttemptAt: new Date(now + outcome.retryAfterMs).toISOString() };
  }
  const attempts = delivery.attempts + 1;
  return {
    state: 'failing',
    attempts,
    lastError: outcome.error,
    lastAttemptAt: at,
    nextAttemptAt: new Date(now + retryDelayMs(attempts, outcome.retryAfterMs)).toISOString(),
  };
}

/** Whether the delivery is waiting to be tried at `now` (ISO). */
export function isDue(delivery: Delivery | undefined, now: string): delivery is Delivery {
  return delivery !== undefined && delivery.state !== 'sent' && (delivery.nextAttemptAt ?? '') <= now;
}
