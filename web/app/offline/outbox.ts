import { shrinkOrderPhoto } from '../../shared/forms/images/shrink-photo';
import { outboxFlag } from './outbox-flag';
import { deleteEntry, readAll, writeEntry } from './database';
import { showNotice } from './outbox-notice';
import { outboxText } from './outbox-text';
import { outboxSyncTag, sendQueuedOrders, type QueuedOrder } from './send-outbox';

/**
 * The page's side of the outbox: orders sent while the phone had no network
 * wait in IndexedDB with their submission id, spam signals and photos until
 * the API has them. They leave by themselves: sent by the service worker when
 * the network returns, where the browser has Background Sync, also after the
 * tab was closed; otherwise by a page of the site, at once when the network
 * returns or at the next visit. The farmer is told on the page, then or at
 * the next visit, that each was sent (docs/decisions/0017-orders-survive-the-network.md).
 */

const retryEveryMs = 15_000;

/** Keeps the order to send later; `busy` when the network worked but the site could not take it just then. */
export async function queueOrder(order: QueuedOrder, { busy = false } = {}): Promise<void> {
  await writeEntry('outbox', order.submissionId, order);
  localStorage.setItem(outboxFlag, '1');
  showNotice((busy ? outboxText.queuedBusy : outboxText.queued)[order.language]);
  watchOutbox();
  void registerSync();
}

let flushing: Promise<void> | undefined;

/**
 * Sends every queued order the network lets through now (unless the service
 * worker is sending them), then tells the farmer of each that has left.
 */
export function flushOutbox(): Promise<void> {
  flushing ??= sendQueuedOrders({ wait: false, shrink: shrinkOrderPhoto })
    .catch(() => undefined)
    .then(announceSettled)
    .finally(() => (flushing = undefined));
  return flushing;
}

/** A notice for each order that has left the phone, here or from the service worker; the outbox forgets it then. */
async function announceSettled() {
  const orders = await readAll<QueuedOrder>('outbox');
  for (const order of orders) {
    if (!order.settled) continue;
    await deleteEntry('outbox', order.submissionId);
    if (order.settled.state === 'sent') showNotice(outboxText.sent[order.language]);
    else showNotice(order.settled.message, true);
  }
  if (orders.every((order) => order.settled)) {
    localStorage.removeItem(outboxFlag);
    stopWatching();
  } else {
    watchOutbox();
  }
}

interface SyncRegistration {
  sync?: { register(tag: string): Promise<void> };
}

/** Asks the browser to wake the service worker when the network is back (Background Sync, where there is one). */
async function registerSync() {
  try {
    const registration = (await navigator.serviceWorker?.getRegistration()) as SyncRegistration | undefined;
    await registration?.sync?.register(outboxSyncTag);
  } catch {
    // No Background Sync here, or not allowed: a page of the site sends the order.
  }
}

let timer: ReturnType<typeof setInterval> | undefined;

/** Tries again when the phone says it is back online, every few seconds (a network can be back unannounced), and when the worker has sent. */
export function watchOutbox() {
  if (timer) return;
  window.addEventListener('online', onChange);
  navigator.serviceWorker?.addEventListener('message', onWorkerMessage);
  timer = setInterval(() => void flushOutbox(), retryEveryMs);
}

function stopWatching() {
  window.removeEventListener('online', onChange);
  navigator.serviceWorker?.removeEventListener('message', onWorkerMessage);
  clearInterval(timer);
  timer = undefined;
}

function onChange() {
  void flushOutbox();
}

function onWorkerMessage(event: MessageEvent) {
  if ((event.data as { outbox?: unknown } | null)?.outbox) void flushOutbox();
}
