import { browserDatabase } from '../../../shared/lib/browser-database';

/**
 * The photos of a drop not sent yet, kept in the browser (IndexedDB) until
 * each is in the library: a reload, a closed tab or a browser that quit in
 * the middle of a big drop leaves them there, and the library offers to
 * send them on. Each remembers its upload's address once the API granted
 * one: a photo that reached the bucket is registered again (the API takes
 * the same picture once), not sent a second time.
 *
 * A drop being sent holds a Web Lock under its name, so another tab of the
 * admin does not offer to send the same photos at the same time.
 */
export interface PendingPhoto {
  /** Its key in the store: the drop's id and its place in the drop. */
  key: string;
  dropId: string;
  place: number;
  file: File;
  /** Its upload's public address, once granted. */
  url?: string;
}

const store = 'photos';
const database = browserDatabase('agri-dealer-admin', [store]);
const lockName = (dropId: string) => `photo-drop:${dropId}`;

/** Keeps a new drop's photos; their records, or none when the browser keeps nothing (a private window, a full disk). */
export async function keepDrop(files: File[]): Promise<PendingPhoto[] | undefined> {
  // Drops sort by when they were made.
  const dropId = `${Date.now()}-${crypto.randomUUID()}`;
  const photos = files.map((file, place) => ({ key: `${dropId}:${String(place).padStart(3, '0')}`, dropId, place, file }));
  try {
    for (const photo of photos) await database.writeEntry(store, photo.key, photo);
    return photos;
  } catch {
    return undefined;
  }
}

/** Remembers the address an upload was granted. */
export async function rememberUpload(photo: PendingPhoto, url: string): Promise<void> {
  await database.writeEntry(store, photo.key, { ...photo, url }).catch(() => undefined);
}

/** Forgets a photo: it is in the library, or staff dropped it. */
export async function forgetPhoto(photo: PendingPhoto): Promise<void> {
  await database.deleteEntry(store, photo.key).catch(() => undefined);
}

/** The photos left from earlier drops no tab is sending, in the order they were dropped. */
export async function leftPhotos(): Promise<PendingPhoto[]> {
  const photos = await database.readAll<PendingPhoto>(store).catch(() => []);
  const held = new Set(((await navigator.locks?.query())?.held ?? []).map((lock) => lock.name));
  return photos.filter((photo) => !held.has(lockName(photo.dropId))).sort((a, b) => a.key.localeCompare(b.key));
}

/** Runs the sending of photos while holding their drops' locks. */
export async function whileSending<T>(photos: readonly PendingPhoto[], send: () => Promise<T>): Promise<T> {
  const drops = [...new Set(photos.map((photo) => photo.dropId))];
  const hold = async (index: number): Promise<T> =>
    index >= drops.length || !navigator.locks ? send() : await navigator.locks.request(lockName(drops[index]!), () => hold(index + 1));
  return hold(0);
}
