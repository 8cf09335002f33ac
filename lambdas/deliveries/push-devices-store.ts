import { createHash } from 'node:crypto';
import { DeleteCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { PushDevice } from '../../shared/admin-api';
import { isConditionFailure } from '../lib/conditional-writes';
import { tableDefinitions } from '../lib/tables';

/**
 * The staff's devices that get a notification for each new order, in the
 * content table under a record of their own, `pushDevices`, one item per
 * device keyed by a digest of its push endpoint (an endpoint can be longer
 * than a sort key may be). A few dozen devices at most: the worker reads
 * them all with one Query per run.
 */

export interface StoredPushDevice extends PushDevice {
  keys: { p256dh: string; auth: string };
  /** The staff member (Cognito user name) who turned it on: only they see and remove it. */
  staff: string;
}

export interface PushDevicesStore {
  all(): Promise<StoredPushDevice[]>;
  ofStaff(staff: string): Promise<StoredPushDevice[]>;
  save(device: StoredPushDevice): Promise<void>;
  /** Removes the device if `staff` turned it on (any staff member when omitted: the push service says it is gone); answers whether it was there. */
  remove(deviceId: string, staff?: string): Promise<boolean>;
}

const record = 'pushDevices';
const { partitionKey, sortKey } = tableDefinitions.content;

/** A device's id: the same endpoint (the same browser profile on the same phone) is the same device. */
export function deviceIdOf(endpoint: string): string {
  return createHash('sha256').update(endpoint).digest('base64url').slice(0, 32);
}

export function createPushDevicesStore(client: DynamoDBDocumentClient, tableName: string): PushDevicesStore {
  const all = async (): Promise<StoredPushDevice[]> => {
    const devices: StoredPushDevice[] = [];
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const page = await client.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: '#record = :record',
          ExpressionAttributeNames: { '#record': partitionKey.name },
          ExpressionAttributeValues: { ':record': record },
          ExclusiveStartKey,
        }),
      );
      devices.push(...(page.Items ?? []).map(fromItem));
      ExclusiveStartKey = page.LastEvaluatedKey;
    } while (ExclusiveStartKey);
    return devices;
  };
  return {
    all,
    ofStaff: async (staff) => (await all()).filter((device) => device.staff === staff),
    async save(device) {
      await client.send(new PutCommand({ TableName: tableName, Item: { [partitionKey.name]: record, [sortKey.name]: device.deviceId, ...device } }));
    },
    async remove(deviceId, staff) {
      try {
        await client.send(
          new DeleteCommand({
            TableName: tableName,
            Key: { [partitionKey.name]: record, [sortKey.name]: deviceId },
            ConditionExpression: staff === undefined ? 'attribute_exists(deviceId)' : 'staff = :staff',
            ...(staff !== undefined && { ExpressionAttributeValues: { ':staff': staff } }),
          }),
        );
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },
  };
}

function fromItem(item: Record<string, unknown>): StoredPushDevice {
  const { [partitionKey.name]: _record, [sortKey.name]: _version, ...device } = item;
  return device as unknown as StoredPushDevice;
}
