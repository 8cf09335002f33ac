import {
  GetCommand,
  paginateQuery,
  PutCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { Submission } from '../../shared/submissions';
import { deliveryIndexAttributes, type DeliveryIndexPartition, type IndexAttributes } from './record';
import { isConditionFailure } from '../lib/conditional-writes';
import { indexOf } from '../lib/tables';

/**
 * The submissions table (docs/decisions/0008-the-submission-record.md):
 * an item is a Submission plus its index attributes, and, while the delivery
 * worker holds it, its claim.
 */

export type CreateResult = { created: true } | { created: false; existing: Submission };

/** A submission a worker run holds; `lapsed` when it took it over from a run whose claim ran out (a run that died). */
export interface ClaimedSubmission {
  submission: Submission;
  lapsed: boolean;
}

export interface DeliveryClaim {
  /** Who holds it: a worker run's id. */
  by: string;
  /** ISO time after which another run may take the submission. */
  until: string;
}

export interface SubmissionsStore {
  /** Writes a new submission; when its id is already taken, answers the stored submission instead. */
  create(submission: Submission, indexes: IndexAttributes): Promise<CreateResult>;
  get(orderId: string): Promise<Submission | undefined>;
  /** Submissions with a delivery due at `now` or earlier, the longest waiting first. */
  dueForDelivery(now: string, limit: number): Promise<Submission[]>;
  /** How many submissions wait for a delivery, and when the oldest of them was sent. */
  undelivered(): Promise<{ undelivered: number; oldestUndeliveredAt?: string }>;
  /** How many submissions have a delivery the destination refused on its own (needsStaff) and nothing else due. */
  needingStaff(): Promise<number>;
  /** Takes a due submission for one worker run; undefined when it is delivered or another run holds it. */
  claim(orderId: string, claim: DeliveryClaim, now: string): Promise<ClaimedSubmission | undefined>;
  /** Writes the deliveries' new states and lets go of the claim; false when the claim was lost meanwhile. */
  settle(orderId: string, claim: DeliveryClaim, deliveries: Submission['deliveries']): Promise<boolean>;
}

const byDelivery = indexOf('submissions', 'byDelivery');

/** Attributes of an item that are not part of the Submission. */
const itemOnlyAttributes = new Set<string>([
  'listStatus',
  'listWilaya',
  'phoneKey',
  'deliveryDue',
  'nextAttemptAt',
  'claimedBy',
  'claimedUntil',
]);

export function createSubmissionsStore(client: DynamoDBDocumentClient, tableName: string): SubmissionsStore {
  /** A partition of the byDelivery index (the undelivered submissions, or those waiting for staff), or its part due at `now` or earlier. */
  const undeliveredQuery = (partition: DeliveryIndexPartition, now?: string): QueryCommandInput => ({
    TableName: tableName,
    IndexName: byDelivery.name,
    KeyConditionExpression: now === undefined ? '#due = :due' : '#due = :due AND #next <= :now',
    ExpressionAttributeNames: { '#due': byDelivery.partitionKey.name, ...(now === undefined ? {} : { '#next': byDelivery.sortKey!.name }) },
    ExpressionAttributeValues: { ':due': partition, ...(now === undefined ? {} : { ':now': now }) },
  });

  return {
    async create(submission, indexes) {
      try {
        await client.send(
          new PutCommand({
            TableName: tableName,
            Item: { ...submission, ...indexes },
            ConditionExpression: 'attribute_not_exists(orderId)',
          }),
        );
        return { created: true };
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        // A retry of the same submission, or another one under a reused id: the caller tells which.
        const existing = await this.get(submission.orderId);
        if (!existing) throw error;
        return { created: false, existing };
      }
    },

    async get(orderId) {
      const { Item } = await client.send(new GetCommand({ TableName: tableName, Key: { orderId }, ConsistentRead: true }));
      return Item && toSubmission(Item);
    },

    async dueForDelivery(now, limit) {
      const found: Submission[] = [];
      for await (const page of paginateQuery({ client, pageSize: limit }, undeliveredQuery('due', now))) {
        found.push(...(page.Items ?? []).slice(0, limit - found.length).map(toSubmission));
        if (found.length === limit) break;
      }
      return found;
    },

    async undelivered() {
      let undelivered = 0;
      let oldestUndeliveredAt: string | undefined;
      for await (const page of paginateQuery({ client }, { ...undeliveredQuery('due'), ProjectionExpression: 'createdAt' })) {
        for (const { createdAt } of page.Items ?? []) {
          undelivered++;
          if (typeof createdAt === 'string' && (!oldestUndeliveredAt || createdAt < oldestUndeliveredAt)) oldestUndeliveredAt = createdAt;
        }
      }
      return oldestUndeliveredAt ? { undelivered, oldestUndeliveredAt } : { undelivered };
    },

    async needingStaff() {
      let count = 0;
      for await (const page of paginateQuery({ client }, { ...undeliveredQuery('staff'), Select: 'COUNT' })) count += page.Count ?? 0;
      return count;
    },

    async claim(orderId, claim, now) {
      try {
        // The item as it was: a claim still on it belonged to a run that ran out of time before letting go.
        const { Attributes } = await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { orderId },
            UpdateExpression: 'SET claimedBy = :by, claimedUntil = :until',
            ConditionExpression: 'deliveryDue = :due AND (attribute_not_exists(claimedUntil) OR claimedUntil < :now)',
            ExpressionAttributeValues: { ':by': claim.by, ':until': claim.until, ':now': now, ':due': 'due' },
            ReturnValues: 'ALL_OLD',
          }),
        );
        return Attributes && { submission: toSubmission(Attributes), lapsed: Attributes.claimedUntil !== undefined };
      } catch (error) {
        if (isConditionFailure(error)) return undefined;
        throw error;
      }
    },

    async settle(orderId, claim, deliveries) {
      const { deliveryDue, nextAttemptAt } = deliveryIndexAttributes(deliveries);
      const set = ['deliveries = :deliveries'];
      const remove = ['claimedBy', 'claimedUntil'];
      const values: Record<string, unknown> = { ':deliveries': deliveries, ':by': claim.by };
      if (deliveryDue) {
        set.push('deliveryDue = :due', 'nextAttemptAt = :next');
        values[':due'] = deliveryDue;
        values[':next'] = nextAttemptAt;
      } else {
        remove.push('deliveryDue', 'nextAttemptAt');
      }
      try {
        await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { orderId },
            UpdateExpression: `SET ${set.join(', ')} REMOVE ${remove.join(', ')}`,
            ConditionExpression: 'claimedBy = :by',
            ExpressionAttributeValues: values,
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

/** The Submission in an item: everything but the index attributes and the claim. */
export function toSubmission(item: Record<string, unknown>): Submission {
  return Object.fromEntries(Object.entries(item).filter(([name]) => !itemOnlyAttributes.has(name))) as unknown as Submission;
}
