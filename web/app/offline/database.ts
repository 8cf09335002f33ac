/**
 * The site's IndexedDB on the phone: form drafts (../forms/drafts) and the
 * outbox of orders waiting for the network (./outbox.ts).
 */
export type StoreName = 'drafts' | 'outbox';

let database: Promise<IDBDatabase> | undefined;

function open(): Promise<IDBDatabase> {
  database ??= new Promise((resolve, reject) => {
    const request = indexedDB.open('agri-dealer', 1);
    request.onupgradeneeded = () => {
      request.result.createObjectStore('drafts');
      request.result.createObjectStore('outbox');
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB unavailable'));
  });
  return database;
}

async function run<T>(name: StoreName, mode: IDBTransactionMode, action: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const store = (await open()).transaction(name, mode).objectStore(name);
  return new Promise((resolve, reject) => {
    const request = action(store);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

export function readEntry<T>(name: StoreName, key: string): Promise<T | undefined> {
  return run(name, 'readonly', (store) => store.get(key) as IDBRequest<T | undefined>);
}

export function readAll<T>(name: StoreName): Promise<T[]> {
  return run(name, 'readonly', (store) => store.getAll() as IDBRequest<T[]>);
}

export async function writeEntry<T>(name: StoreName, key: string, value: T): Promise<void> {
  await run(name, 'readwrite', (store) => store.put(value, key));
}

export async function deleteEntry(name: StoreName, key: string): Promise<void> {
  await run(name, 'readwrite', (store) => store.delete(key));
}
