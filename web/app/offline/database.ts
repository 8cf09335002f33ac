import { browserDatabase } from '../../shared/lib/browser-database';

/**
 * The site's IndexedDB on the phone: form drafts (../forms/drafts) and the
 * outbox of orders waiting for the network (./outbox.ts).
 */
export type StoreName = 'drafts' | 'outbox';

export const { readEntry, readAll, writeEntry, deleteEntry } = browserDatabase<StoreName>('agri-dealer', ['drafts', 'outbox']);
