import type { FormSchema } from '../../shared/forms/form-schema';
import type { Submission } from '../../shared/submissions';
import { photosPrefix } from '../forms/upload-keys';
import type { UploadsBucket } from '../lib/uploads-bucket';
import { searchedOrder, type OrderSearchIndex } from './search-index';
import { searchableOrder, searchTerms } from './search-words';

/**
 * What an order leaves outside its own item, removed when it is deleted for
 * a farmer who asks to be forgotten (docs/decisions/0022-the-dealers-inbox.md):
 * the photos it kept in the uploads bucket and its entries in the inbox's
 * search index (every word it ever had, its notes included). Both removals
 * can be made again: deleting an order a second time finishes a first try
 * that failed halfway.
 */
export interface OrderLeftovers {
  bucket: Pick<UploadsBucket, 'delete'>;
  index: Pick<OrderSearchIndex, 'remove'>;
}

export async function removeLeftovers({ bucket, index }: OrderLeftovers, submission: Submission, schema: FormSchema | undefined): Promise<void> {
  await Promise.all(keptPhotoKeys(submission).map((key) => bucket.delete(key)));
  await index.remove(searchedOrder(submission, schema), searchTerms(searchableOrder(submission, schema)));
}

/** The keys of the photos the order kept (`photos/<orderId>/…`), from the addresses its data names. */
export function keptPhotoKeys(submission: Pick<Submission, 'orderId' | 'data'>): string[] {
  const prefix = `${photosPrefix}${submission.orderId}/`;
  const keys = new Set<string>();
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (typeof value === 'string') {
      const at = value.indexOf(prefix);
      if (at >= 0 && /^https?:\/\/|^\//.test(value)) keys.add(value.slice(at));
    }
  };
  Object.values(submission.data).forEach(visit);
  return [...keys];
}
