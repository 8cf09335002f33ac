import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createFirstOwner } from '../lib/first-owner';
import type { StartToken } from './start-tokens';

/**
 * A start token belongs to the first submission that carries it
 * (docs/decisions/0011-honest-input-and-no-spam.md): its first owner
 * (../lib/first-owner.ts), keyed by the token's signature, until the token
 * expires. The same submission sent again (a
 * retry, the outbox) keeps its token; another submission cannot use it.
 */
export interface StartTokenBindings {
  /** True when the token is (now) this submission's, false when another submission holds it. Throws when the table cannot be written. */
  bind(token: StartToken, submissionId: string): Promise<boolean>;
}

export function createStartTokenBindings(documents: DynamoDBDocumentClient, tableName: string): StartTokenBindings {
  const owners = createFirstOwner(documents, tableName);
  // Kept while the token is good; an expired token is refused before its binding is read.
  return { bind: (token, submissionId) => owners.take(`startTokenBinding#${token.id}`, submissionId, token.expiresAt) };
}
