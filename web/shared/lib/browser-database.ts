/**
 * A small key-value database in the browser's IndexedDB, one per use: the
 * public site's (form drafts and the outbox of orders waiting for the
 * network, web/app/offline/database.ts) and the admin's (photos of a drop
 * not sent yet, web/admin/features/media/pending-drop.ts). Values are
 * stored as the browser clones them: files and blobs included.
 */
export interface BrowserDatabase<StoreName extends string> {
  readEntry<T>(name: StoreName, key: string): Promise<T | undefined>;
  readAll<T>(name: StoreName): Promise<T[]>;
  writeEntry<T>(name: StoreName, key: string, value: T): Promise<void>;
  deleteEntry(name: StoreName, key: string): Promise<void>;
}

export function browserDatabase<StoreName extends string>(databaseName: string, storeNames: readonly StoreName[]): BrowserDatabase<StoreName> {
  let database: Promise<IDBDatabase> | undefined;

  const open = () => {
    database ??= new Promise((resolve, reject) => {
      const request = indexedDB.open(databaseName, 1);
      request.onupgradeneeded = () => {
        for (const name of storeNames) if (!request.result.objectStoreNames.contains(name)) request.result.createObjectStore(name);
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB unavailable'));
    });
    // Opened again next time when it could not be (a private window that refused it once may allow it later).
    database.catch(() => (database = undefined));
    return database;
  };

  const run = async <T>(name: StoreName, mode: IDBTransactionMode, action: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> => {
    const store = (await open()).transaction(name, mode).objectStore(name);
    return new Promise((resolve, reject) => {
      const request = action(store);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
    });
  };

  return {
    readEntry: <T>(name: StoreName, key: string) => run(name, 'readonly', (store) => store.get(key) as IDBRequest<T | undefined>),
    readAll: <T>(name: StoreName) => run(name, 'readonly', (store) => store.getAll() as IDBRequest<T[]>),
    writeEntry: async (name, key, value) => {
      await run(name, 'readwrite', (store) => store.put(value, key));
    },
    deleteEntry: async (name, key) => {
      await run(name, 'readwrite', (store) => store.delete(key));
    },
  };
}
