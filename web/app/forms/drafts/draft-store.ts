import type { FormData } from '../../../../shared/forms/form-schema';

/**
 * What a farmer typed into a form and the photos picked, kept in the
 * browser's IndexedDB until the order is sent: a closed tab, a reload or a
 * flat battery loses nothing.
 */
export interface Draft {
  /** The form's values without its photo fields. */
  data: FormData;
  /** Each photo field's files, in the order picked. */
  photos: Record<string, File[]>;
  savedAt: number;
}

const databaseName = 'agri-dealer';
const storeName = 'drafts';

let database: Promise<IDBDatabase> | undefined;

function open(): Promise<IDBDatabase> {
  database ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(databaseName, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(storeName);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB unavailable'));
  });
  return database;
}

async function run<T>(mode: IDBTransactionMode, action: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const store = (await open()).transaction(storeName, mode).objectStore(storeName);
  return new Promise((resolve, reject) => {
    const request = action(store);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

/** One draft per form and item: the tractor DI75's order is not the 90 Worldtrack's. */
export function draftKey(formId: string, fixedValues: FormData): string {
  return `${formId} ${JSON.stringify(fixedValues)}`;
}

export function readDraft(key: string): Promise<Draft | undefined> {
  return run('readonly', (store) => store.get(key) as IDBRequest<Draft | undefined>);
}

export async function saveDraft(key: string, draft: Draft): Promise<void> {
  await run('readwrite', (store) => store.put(draft, key));
}

export async function deleteDraft(key: string): Promise<void> {
  await run('readwrite', (store) => store.delete(key));
}
