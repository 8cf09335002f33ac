import webPush from 'web-push';
import type { FormSchema } from '../../shared/forms/form-schema';
import { isQuietTime } from '../../shared/push-notifications';
import type { Submission } from '../../shared/submissions';
import { mapConcurrently } from '../lib/concurrency';
import { stoppingOutcome, type DeliveryChannel, type DeliveryOutcome } from './channel';
import type { PushDevicesStore, StoredPushDevice } from './push-devices-store';
import type { VapidKeys } from './push-keys';
import { composeOrderNotification } from './push-message';

export interface PushChannelOptions {
  devices: Pick<PushDevicesStore, 'all' | 'remove'>;
  /** This deployment's VAPID key pair (./push-keys.ts). */
  keys: () => Promise<VapidKeys>;
  /** The VAPID subject: who push services may contact (`mailto:` or `https:`). */
  contact: string;
  /** The bundled schema of a form (its labels); undefined when the form no longer exists. */
  schemaOf(formId: string): Promise<FormSchema | undefined>;
  /** Pushes in flight at once. */
  concurrency?: number;
  /** How long the push services wait for each call. */
  timeoutMs?: number;
  clock?: () => number;
  warn?: (message: string, details?: Record<string, unknown>) => void;
}

/**
 * How long a new order is news: the push services keep a push this long for
 * a phone that is off or out of reach, and the worker stops trying again
 * after it. Later, the inbox has the order.
 */
export const pushNewsForMs = 4 * 60 * 60_000;

/** What became of one push to one device. */
type PushFailure = { failed: string; retryAfterMs?: number };
type PushResult = 'sent' | 'quiet' | 'gone' | { refused: string } | PushFailure;

/**
 * New orders on staff phones (docs/decisions/0022-the-dealers-inbox.md): one
 * Web Push per order to every device staff turned on, encrypted for it and
 * signed with the VAPID key, except devices in their quiet hours (skipped,
 * not delayed). A device the push service says is gone (404, 410) is removed.
 * When a push service fails (429, 5xx, no answer) the order's push is tried
 * again like a sheet row, to every device again: a notification carries the
 * order id as its tag, so a second one replaces the first on the phone
 * without a new sound. A push service refusing one device otherwise (400,
 * 403, 413) is told to the log, not tried again.
 */
export function pushChannel({ devices, keys, contact, schemaOf, concurrency = 10, timeoutMs = 10_000, clock = Date.now, warn = () => undefined }: PushChannelOptions): DeliveryChannel {
  return {
    kind: 'push',
    async deliver(submissions, run) {
      const outcomes = new Map<string, DeliveryOutcome>();
      let targets: StoredPushDevice[];
      let vapid: VapidKeys;
      try {
        [targets, vapid] = await Promise.all([devices.all(), keys()]);
      } catch (error) {
        const outcome: DeliveryOutcome = { state: 'failed', error: `The devices to notify could not be read: ${String(error)}` };
        return new Map(submissions.map(({ orderId }) => [orderId, outcome]));
      }
      const gone = new Set<string>();

      const pushTo = async (device: StoredPushDevice, submission: Submission, schema: FormSchema | undefined): Promise<PushResult> => {
        if (gone.has(device.deviceId)) return 'gone';
        if (isQuietTime(device.quietHours, new Date(clock()))) return 'quiet';
        const payload = JSON.stringify(composeOrderNotification(submission, schema, device.language));
        // web-push encrypts and signs; the call itself is a fetch, which reaches the local push service's http too.
        const request = webPush.generateRequestDetails({ endpoint: device.endpoint, keys: device.keys }, payload, {
          vapidDetails: { subject: contact, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
          TTL: Math.max(0, Math.round((Date.parse(submission.createdAt) + pushNewsForMs - clock()) / 1000)),
          urgency: 'high',
        });
        let response: Response;
        try {
          response = await fetch(request.endpoint, {
            method: request.method,
            headers: request.headers as Record<string, string>,
            body: request.body && new Uint8Array(request.body),
            signal: AbortSignal.timeout(timeoutMs),
          });
        } catch (error) {
          return { failed: `The push service could not be reached: ${String(error)}` };
        }
        const answer = `The push service answered ${response.status}: ${(await response.text().catch(() => '')).slice(0, 200)}`;
        if (response.ok) return 'sent';
        if (response.status === 404 || response.status === 410) {
          // Removed once, however many orders of the run were on their way to it.
          if (!gone.has(device.deviceId)) {
            gone.add(device.deviceId);
            await devices.remove(device.deviceId);
          }
          return 'gone';
        }
        if (response.status === 429 || response.status >= 500) return { failed: answer, retryAfterMs: retryAfterMs(response.headers.get('retry-after')) };
        return { refused: answer };
      };

      await mapConcurrently(submissions, concurrency, async (submission) => {
        if (run?.stop?.aborted) return outcomes.set(submission.orderId, stoppingOutcome);
        // No longer news: the order stays in the inbox; nothing is sent any more.
        if (clock() - Date.parse(submission.createdAt) >= pushNewsForMs) return outcomes.set(submission.orderId, { state: 'sent' });
        const schema = await schemaOf(submission.formId);
        const results = await mapConcurrently(targets, concurrency, (device) => pushTo(device, submission, schema));
        results.forEach((result, index) => {
          if (typeof result === 'object' && 'refused' in result) {
            warn('A push service refused a notification', { orderId: submission.orderId, deviceId: targets[index]!.deviceId, error: result.refused });
          }
        });
        const failures = results.filter((result): result is PushFailure => typeof result === 'object' && 'failed' in result);
        if (failures.length === 0) return outcomes.set(submission.orderId, { state: 'sent' });
        return outcomes.set(submission.orderId, {
          state: 'failed',
          error: `${failures.length} of ${targets.length} devices not reached: ${failures[0]!.failed}`,
          retryAfterMs: Math.max(0, ...failures.map((failure) => failure.retryAfterMs ?? 0)),
        });
      });
      return outcomes;
    },
  };
}

function retryAfterMs(header: string | null): number | undefined {
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 3_600) * 1000 : undefined;
}

/**
 * Without a push key (PUSH_KEY, PUSH_KEY_SECRET) no device can have been
 * turned on (the devices' route answers 503): an order's push has nobody to
 * reach, and is settled at once.
 */
export const nobodyToNotify: DeliveryChannel = {
  kind: 'push',
  deliver: async (submissions) => new Map(submissions.map(({ orderId }): [string, DeliveryOutcome] => [orderId, { state: 'sent' }])),
};
