import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { rateLimitExpiryAttribute } from './rate-limit';
import { isConditionFailure } from './conditional-writes';

/**
 * Things that belong to the first submission using them (a start token, an
 * upload): one item per thing in the rateLimits table, holding its owner's
 * submission id until it expires (the table's TTL). Taking is one
 * conditional write, so two submissions never both hold it; the owner taking
 * it again (a retry) still holds it.
 */
export interface FirstOwner {
  /** True when `key` is (now) `owner`'s, false when another owner holds it; throws when the table cannot be written. */
  take(key: string, owner: string, expiresAtMs: number): Promise<boolean>;
  /** Lets go of `key` if `owner` holds it. */
  release(key: string, owner: string): Promise<void>;
}

export function createFirstOwner(documents: DynamoDBDocumentClient, tableName: string): FirstOwner {
  return {
    async take(key, owner, expiresAtMs) {
      try {
        await documents.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { counter: key },
            UpdateExpression: 'SET submissionId = :submissionId, #expiresAt = :expiresAt',
            ConditionExpression: 'attribute_not_exists(submissionId) OR submissionId = :submissionId',
            ExpressionAttributeNames: { '#expiresAt': rateLimitExpiryAttribute },
            ExpressionAttributeValues: { ':submissionId': owner, ':expiresAt': Math.ceil(expiresAtMs / 1000) },
          }),
        );
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },

    async release(key, owner) {
      try {
        await documents.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { counter: key },
            UpdateExpression: 'REMOVE submissionId',
            ConditionExpression: 'submissionId = :submissionId',
            ExpressionAttributeValues: { ':submissionId': owner },
          }),
        );
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    },
  };
}
