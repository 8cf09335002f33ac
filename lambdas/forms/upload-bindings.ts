import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createFirstOwner } from '../lib/first-owner';

/**
 * An upload belongs to the first submission that names it
 * (docs/decisions/0007-photo-uploads.md): its first owner
 * (../lib/first-owner.ts), keyed by the upload's object key. The same submission sent again (a retry, the outbox)
 * keeps its uploads; another submission naming one is refused.
 */
export interface UploadBindings {
  /**
   * Binds every upload to the submission, or none of them: the answer is
   * the uploads another submission holds (none: all are now this one's),
   * and when there are any, the bindings this call made are taken back.
   * Throws when the table cannot be written (some may then be left bound
   * to this submission, which its retry finds as its own).
   */
  bind(uploadKeys: string[], submissionId: string): Promise<string[]>;
}

/** How long a binding is kept: well past the upload itself, deleted after a day (infra/aws/constructs/uploads.ts) by a lifecycle rule that may run a day late. */
const bindingDays = 7;

export function createUploadBindings(documents: DynamoDBDocumentClient, tableName: string, clock = Date.now): UploadBindings {
  const owners = createFirstOwner(documents, tableName);
  const key = (uploadKey: string) => `upload#${uploadKey}`;

  return {
    async bind(uploadKeys, submissionId) {
      const unique = [...new Set(uploadKeys)];
      const expiresAt = clock() + bindingDays * 86_400_000;
      // Every binding is tried before any failure is thrown: none is left in flight.
      const settled = await Promise.allSettled(unique.map((uploadKey) => owners.take(key(uploadKey), submissionId, expiresAt)));
      const bound = settled.map((result) => {
        if (result.status === 'rejected') throw result.reason;
        return result.value;
      });
      const taken = unique.filter((_, i) => !bound[i]);
      if (taken.length > 0) await Promise.all(unique.filter((_, i) => bound[i]).map((uploadKey) => owners.release(key(uploadKey), submissionId)));
      return taken;
    },
  };
}
