/**
 * The localStorage key ./outbox.ts sets while orders wait on the phone: a page
 * reads it after its first paint (./after-first-paint.ts), so that a visit
 * without any loads none of the outbox's code.
 */
export const outboxFlag = 'outbox';
