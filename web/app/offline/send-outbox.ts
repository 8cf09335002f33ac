import type { SpamSignals } from '../../../shared/forms/anti-spam';
import type { FormData } from '../../../shared/forms/form-schema';
import type { Language } from '../../../shared/languages';
import { presign, putFile, uploadStillKept } from '../../shared/forms/images/upload-api';
import { isSentAgainLater, submitForm } from '../forms/submit-form';
import { readAll, writeEntry } from './database';

/**
 * Sending the orders that wait on the phone, the same code for the page
 * (./outbox.ts) and the service worker (./service-worker.ts, Background
 * Sync), so an order leaves when the network returns even after its tab was
 * closed. One sender at a time: whoever holds the outbox's lock (Web Locks,
 * across tabs and the worker) reads the orders afresh and sends them; the API
 * is idempotent on the submission id besides, so a send repeated after a lost
 * answer makes no second row (docs/decisions/0017-orders-survive-the-network.md).
 */
export interface QueuedOrder {
  submissionId: string;
  formId: string;
  language: Language;
  /** The form's data; photo fields are filled from `photos` when sent. */
  data: FormData;
  photos: Record<string, QueuedPhoto[]>;
  signals: SpamSignals;
  queuedAt: number;
  /** Set once the order has left the phone (the API took it, or refused it), until the farmer has been told. */
  settled?: Settled;
}

export type Settled = { state: 'sent' } | { state: 'refused'; message: string };

export interface QueuedPhoto {
  file: File;
  /** False when the phone could not shrink it yet: only a page shrinks photos. */
  shrunk: boolean;
  publicUrl?: string;
  uploadedAt?: number;
}

/** The tag of the Background Sync the outbox registers. */
export const outboxSyncTag = 'send-outbox';

export interface SendOptions {
  /** Waits for another sender to finish (the worker), rather than leaving the orders to it (a page). */
  wait: boolean;
  /** Shrinks a photo kept as picked; without it (the worker), such an order waits for a page. */
  shrink?: (file: File) => Promise<File>;
}

/** Sends every waiting order the network lets through now; 'busy' when another sender has the outbox. */
export async function sendQueuedOrders({ wait, shrink }: SendOptions): Promise<{ waiting: number } | 'busy'> {
  return withOutboxLock(wait, async () => {
    let waiting = 0;
    for (const order of await readAll<QueuedOrder>('outbox')) {
      if (order.settled) continue;
      const settled = await send(order, shrink).catch(() => undefined);
      if (settled) await writeEntry('outbox', order.submissionId, { ...order, settled });
      else waiting++;
    }
    return { waiting };
  });
}

async function withOutboxLock<T>(wait: boolean, action: () => Promise<T>): Promise<T | 'busy'> {
  // Browsers without Web Locks have no Background Sync either: the page is the only sender there.
  if (!navigator.locks) return action();
  let result: T | 'busy' = 'busy';
  await navigator.locks.request('outbox', { ifAvailable: !wait }, async (lock) => {
    if (lock) result = await action();
  });
  return result;
}

/** The order's fate, or undefined when it must wait (no network, a busy API, a photo only a page can shrink). */
async function send(order: QueuedOrder, shrink: SendOptions['shrink']): Promise<Settled | undefined> {
  if (!navigator.onLine) return undefined;
  if (!(await uploadPhotos(order, shrink))) return undefined;
  const photoUrls = Object.fromEntries(Object.entries(order.photos).map(([field, photos]) => [field, photos.map((photo) => photo.publicUrl!)]));
  const result = await submitForm(order.formId, { ...order.data, ...photoUrls }, order.submissionId, order.language, order.signals);
  if (result.ok) return { state: 'sent' };
  if (isSentAgainLater(result)) return undefined;
  return { state: 'refused', message: result.message ?? String(result.status) };
}

/** Uploads the photos not uploaded yet (or too long ago), remembering each upload in the outbox; false when one must wait for a page. */
async function uploadPhotos(order: QueuedOrder, shrink: SendOptions['shrink']): Promise<boolean> {
  for (const [field, photos] of Object.entries(order.photos)) {
    const pending = photos.filter((photo) => !photo.publicUrl || !uploadStillKept(photo.uploadedAt));
    if (pending.length === 0) continue;
    if (!shrink && pending.some((photo) => !photo.shrunk)) return false;
    const files = await Promise.all(pending.map((photo) => (photo.shrunk || !shrink ? photo.file : shrink(photo.file))));
    const uploads = await presign(order.formId, field, files, order.language);
    await Promise.all(uploads.map((upload, i) => putFile(upload, files[i]!)));
    pending.forEach((photo, i) => Object.assign(photo, { file: files[i], shrunk: true, publicUrl: uploads[i]!.publicUrl, uploadedAt: Date.now() }));
    await writeEntry('outbox', order.submissionId, order);
  }
  return true;
}
