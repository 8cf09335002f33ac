import { adminPath } from '../../../../shared/admin-api';

/**
 * This device's side of the notifications on staff phones: the admin's
 * service worker (./service-worker.ts, built to /admin-sw.js) and the
 * browser's push subscription, made with the server's public key. Loaded
 * only by the notifications page.
 */

const serviceWorkerUrl = '/admin-sw.js';

/** What the browser allows: no Push API at all (an iPhone's Safari outside the home screen), blocked by the staff member, or possible. */
export type PushSupport = 'unsupported' | 'denied' | 'available';

export function pushSupport(): PushSupport {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return 'unsupported';
  return Notification.permission === 'denied' ? 'denied' : 'available';
}

/** The browser asked for permission and the staff member did not give it. */
export class PermissionRefusedError extends Error {
  constructor() {
    super('Notifications were not allowed');
    this.name = 'PermissionRefusedError';
  }
}

/** This device's subscription, if notifications were turned on here. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() === 'unsupported') return null;
  const registration = await navigator.serviceWorker.getRegistration(adminPath);
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * Asks for permission, registers the admin's service worker and subscribes
 * this device with the server's key (a subscription made with another key,
 * from before a new key, is replaced). Answers it as the API takes it.
 */
export async function subscribeThisDevice(publicKey: string): Promise<PushSubscriptionJSON> {
  if ((await Notification.requestPermission()) !== 'granted') throw new PermissionRefusedError();
  const registration = await navigator.serviceWorker.register(serviceWorkerUrl, { scope: adminPath });
  const key = base64UrlBytes(publicKey);
  const existing = await registration.pushManager.getSubscription();
  if (existing && sameBytes(existing.options.applicationServerKey, key)) return existing.toJSON();
  await existing?.unsubscribe();
  const subscription = await answeredWithin(subscribeTimeoutMs, registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }));
  return subscription.toJSON();
}

/**
 * How long the browser may take to reach its push service: one that cannot
 * (a weak line, a blocked service) may never answer, and the page then says
 * so rather than waiting for ever.
 */
const subscribeTimeoutMs = 15_000;

function answeredWithin<T>(ms: number, answer: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`No answer from the push service within ${ms} ms`)), ms);
  });
  return Promise.race([answer, late]).finally(() => clearTimeout(timer));
}

function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (character) => character.charCodeAt(0));
}

function sameBytes(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const bytes = new Uint8Array(a);
  return bytes.every((byte, index) => byte === b[index]);
}
