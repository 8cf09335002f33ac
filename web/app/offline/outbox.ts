import type { SpamSignals } from '../../../shared/forms/anti-spam';
import type { FormData } from '../../../shared/forms/form-schema';
import type { PresignedUpload } from '../../../shared/api';
import type { Language } from '../../../shared/languages';
import { presign, shrinkOrderPhoto, UploadError } from '../forms/images/upload-images';
import { submitForm } from '../forms/submit-form';
import { deleteEntry, readAll, writeEntry } from './database';
import { showNotice } from './outbox-notice';
import { outboxText } from './outbox-text';

/**
 * Orders sent while the phone had no network, kept in IndexedDB with their
 * submission id, spam signals and photos until the API has them. They leave
 * by themselves when the network returns, or on the next visit; the API is
 * idempotent on the submission id, so a send repeated after a lost answer
 * never makes a second row (docs/decisions/0017-orders-survive-the-network.md).
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
}

export interface QueuedPhoto {
  file: File;
  /** False when the phone could not shrink it yet (the shrinking code had not arrived). */
  shrunk: boolean;
  publicUrl?: string;
  uploadedAt?: number;
}

/** Uploads are deleted after a day (decision 7): older ones are uploaded again. */
const uploadKeptMs = 12 * 60 * 60 * 1000;
const retryEveryMs = 15_000;
/** Set while the outbox holds orders, so that a page loads this code only then (./after-first-paint.ts). */
const outboxFlag = 'outbox';

export async function queueOrder(order: QueuedOrder): Promise<void> {
  await writeEntry('outbox', order.submissionId, order);
  localStorage.setItem(outboxFlag, '1');
  showNotice(outboxText.queued[order.language]);
  watchOutbox();
}

let flushing: Promise<void> | undefined;

/** Sends every queued order the network lets through now; the others wait for the next try. */
export function flushOutbox(): Promise<void> {
  flushing ??= sendAll().finally(() => (flushing = undefined));
  return flushing;
}

async function sendAll() {
  const orders = await readAll<QueuedOrder>('outbox');
  for (const order of orders) {
    const outcome = await send(order).catch(() => 'retry' as const);
    if (outcome === 'retry') continue;
    await deleteEntry('outbox', order.submissionId);
    showNotice(outcome === 'sent' ? outboxText.sent[order.language] : outcome.refused, outcome !== 'sent');
  }
  if ((await readAll('outbox')).length === 0) {
    localStorage.removeItem(outboxFlag);
    stopWatching();
  } else {
    watchOutbox();
  }
}

type Outcome = 'sent' | 'retry' | { refused: string };

async function send(order: QueuedOrder): Promise<Outcome> {
  if (!navigator.onLine) return 'retry';
  await uploadPhotos(order);
  const photoUrls = Object.fromEntries(Object.entries(order.photos).map(([field, photos]) => [field, photos.map((photo) => photo.publicUrl!)]));
  const result = await submitForm(order.formId, { ...order.data, ...photoUrls }, order.submissionId, order.language, order.signals);
  if (result.ok) return 'sent';
  // Busy, unavailable or "being sent right now": the same submission id goes again later.
  if (result.status >= 500 || result.status === 429 || result.status === 408) return 'retry';
  if (result.status === 409 && result.code !== 'submissionIdReused') return 'retry';
  return { refused: result.message ?? String(result.status) };
}

/** Uploads the photos not uploaded yet (or too long ago), remembering each upload in the outbox. */
async function uploadPhotos(order: QueuedOrder) {
  for (const [field, photos] of Object.entries(order.photos)) {
    const pending = photos.filter((photo) => !photo.publicUrl || Date.now() - (photo.uploadedAt ?? 0) > uploadKeptMs);
    if (pending.length === 0) continue;
    const files = await Promise.all(pending.map((photo) => (photo.shrunk ? photo.file : shrinkOrderPhoto(photo.file))));
    const uploads = await presign(order.formId, field, files, order.language);
    await Promise.all(uploads.map((upload, i) => put(upload, files[i]!)));
    pending.forEach((photo, i) => Object.assign(photo, { file: files[i], shrunk: true, publicUrl: uploads[i]!.publicUrl, uploadedAt: Date.now() }));
    await writeEntry('outbox', order.submissionId, order);
  }
}

async function put(upload: PresignedUpload, file: File) {
  const response = await fetch(upload.uploadUrl, { method: 'PUT', headers: upload.headers, body: file });
  if (!response.ok) throw new UploadError(response.statusText);
}

let timer: ReturnType<typeof setInterval> | undefined;

/** Tries again when the phone says it is back online, and every few seconds (a network can be back unannounced). */
export function watchOutbox() {
  if (timer) return;
  window.addEventListener('online', onOnline);
  timer = setInterval(() => void flushOutbox(), retryEveryMs);
}

function stopWatching() {
  window.removeEventListener('online', onOnline);
  clearInterval(timer);
  timer = undefined;
}

function onOnline() {
  void flushOutbox();
}
