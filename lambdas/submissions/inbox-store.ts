import {
  BatchGetCommand,
  GetCommand,
  paginateQuery,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type BatchGetCommandOutput,
  type DynamoDBDocumentClient,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { SubmissionList } from '../../shared/submission-lists';
import type { ContactChannel, HistoryEntry, StaffDeliveryKind, StaffNote, Submission, SubmissionStatus } from '../../shared/submissions';
import { startKeyAfter, type InboxQuery } from './inbox-query';
import type { StartKey } from '../lib/cursors';
import { deletionOf, listStatusKey, type DeletedOrder } from './record';
import { isConditionFailure } from '../lib/conditional-writes';
import { toSubmission } from './submissions-store';
import { indexOf } from '../lib/tables';

/**
 * The staff's side of the submissions table (docs/decisions/0008 and 0010):
 * pages of the inbox, every match of a filter for an export, the count of
 * new orders, and staff changes, each conditional on the version the staff
 * member saw and recorded in the history. The delivery worker's side is
 * submissions-store.ts; the two write different attributes, except "send
 * again", which waits for the worker's claim to end.
 */

export interface InboxPage {
  submissions: Submission[];
  /** Where the next page starts; undefined when nothing more matches. */
  next?: StartKey;
}

/** What a staff member changes in one update. */
export interface StaffChange {
  status?: SubmissionStatus;
  read?: boolean;
  /** A staff member's e-mail, "" for nobody. */
  assignee?: string;
  /** Out of the inbox (found with the `archived` filter), or back in it. */
  archived?: boolean;
  /** Every label of the order, in their order. */
  labels?: string[];
  /** Deliveries to try again at once. */
  resend?: StaffDeliveryKind[];
  /** The farmer was answered this way: a `new` order becomes `contacted`. */
  contacted?: ContactChannel;
  /** Takes back the contact that is the last change, made by the same staff member, with its status change. */
  undoContact?: true;
}

export type UpdateOutcome =
  | { outcome: 'updated'; submission: Submission }
  | { outcome: 'notFound' }
  /** Someone changed it since `version`: the submission as it is now. */
  | { outcome: 'stale'; submission: Submission }
  /** The delivery worker holds it: a resend would race with the delivery. */
  | { outcome: 'deliveryInProgress'; submission: Submission }
  /** A delivery to resend was sent already (or does not exist). */
  | { outcome: 'alreadyDelivered'; submission: Submission; kinds: StaffDeliveryKind[] }
  /** The last change is not a contact this staff member made: there is nothing of theirs to take back. */
  | { outcome: 'nothingToUndo'; submission: Submission };

export interface InboxStore {
  /** Up to `limit` matches, newest first (or oldest first, as the query says), from `start`. */
  page(query: InboxQuery, limit: number, start?: StartKey): Promise<InboxPage>;
  /** Every match, newest first, a DynamoDB page at a time, with only the named attributes. */
  all(query: InboxQuery, attributes: readonly string[]): AsyncGenerator<Record<string, unknown>[]>;
  /** These submissions (up to a few hundred), in the order asked for; those that do not exist are left out. */
  getMany(orderIds: readonly string[]): Promise<Submission[]>;
  /** How many submissions of the list have this status, archived ones left out. */
  count(list: SubmissionList, status: SubmissionStatus): Promise<number>;
  /** One staff change, made only if the submission is still at `version`. */
  update(orderId: string, change: StaffChange, version: number, by: string, now: string): Promise<UpdateOutcome>;
  /** Appends a note to the order's thread, whatever its version: a note overwrites nothing. Undefined when there is no such order. */
  addNote(orderId: string, note: StaffNote): Promise<Submission | undefined>;
  /**
   * Deletes the order, unless the delivery worker holds it: `cleanUp` removes
   * what lives elsewhere (its photos, its search entries), then the order is
   * replaced by what stays of it (who deleted it, when). A failure leaves the
   * order in place, and deleting it again finishes the work.
   */
  forget(orderId: string, deleted: DeletedOrder['deleted'], cleanUp: (submission: Submission) => Promise<void>): Promise<'deleted' | 'notFound' | 'deliveryInProgress'>;
}

/** A page that filters much out stops after this many reads, handing a cursor for the rest. */
const maxReadsPerPage = 8;
const byStatus = indexOf('submissions', 'byStatus');

export function createInboxStore(client: DynamoDBDocumentClient, tableName: string): InboxStore {
  const queryInput = (query: InboxQuery) => ({
    TableName: tableName,
    IndexName: query.index.name,
    KeyConditionExpression: query.keyCondition,
    FilterExpression: query.filterExpression,
    ExpressionAttributeNames: query.names,
    ExpressionAttributeValues: query.values,
    // Every index sorts on createdAt: newest first, unless asked otherwise.
    ScanIndexForward: query.oldestFirst === true,
  });

  /** The stored order; undefined when there is none, or only what stays of a deleted one. */
  const getItem = async (orderId: string) => {
    const { Item } = await client.send(new GetCommand({ TableName: tableName, Key: { orderId }, ConsistentRead: true }));
    return Item && !deletionOf(Item) ? Item : undefined;
  };

  return {
    async page(query, limit, start) {
      const found: Record<string, unknown>[] = [];
      let key: Record<string, unknown> | undefined = start;
      for (let reads = 0; reads < maxReadsPerPage; reads++) {
        // One more than needed tells whether anything follows; later reads take more, as the filter drops some.
        const { Items = [], LastEvaluatedKey } = await client.send(
          new QueryCommand({ ...queryInput(query), Limit: reads === 0 ? limit - found.length + 1 : limit * 4, ExclusiveStartKey: key }),
        );
        for (const [i, item] of Items.entries()) {
          found.push(item);
          if (found.length === limit) {
            const more = i < Items.length - 1 || LastEvaluatedKey !== undefined;
            return { submissions: found.map(toSubmission), ...(more ? { next: startKeyAfter(query, item) } : {}) };
          }
        }
        key = LastEvaluatedKey;
        if (!key) return { submissions: found.map(toSubmission) };
      }
      return { submissions: found.map(toSubmission), next: key as StartKey };
    },

    async *all(query, attributes) {
      const names = { ...query.names };
      const projection = attributes.map((attribute, i) => {
        names[`#a${i}`] = attribute;
        return `#a${i}`;
      });
      const input = { ...queryInput(query), ExpressionAttributeNames: names, ProjectionExpression: projection.join(', ') };
      for await (const { Items = [] } of paginateQuery({ client }, input)) {
        if (Items.length > 0) yield Items;
      }
    },

    async getMany(orderIds) {
      const items = await batchGetItems(client, tableName, orderIds);
      return orderIds.flatMap((orderId) => {
        const item = items.get(orderId);
        return item && !deletionOf(item) ? [toSubmission(item)] : [];
      });
    },

    async count(list, status) {
      let count = 0;
      const byStatusOfList: QueryCommandInput = {
        TableName: tableName,
        IndexName: byStatus.name,
        KeyConditionExpression: '#pk = :pk',
        // Archived orders are out of the inbox, and of its badge.
        FilterExpression: 'attribute_not_exists(archived)',
        ExpressionAttributeNames: { '#pk': byStatus.partitionKey.name },
        ExpressionAttributeValues: { ':pk': listStatusKey(list, status) },
        Select: 'COUNT',
      };
      for await (const page of paginateQuery({ client }, byStatusOfList)) count += page.Count ?? 0;
      return count;
    },

    async update(orderId, change, version, by, now) {
      const item = await getItem(orderId);
      if (!item) return { outcome: 'notFound' };
      const planned = planUpdate(item, change, version, now, by);
      if (planned.outcome !== 'write') return planned;
      if (!planned.entry) return { outcome: 'updated', submission: toSubmission(item) };

      const entry: HistoryEntry = { at: now, by, changes: planned.entry };
      const { set, remove, names, values, conditions } = updateParts(planned.submission, planned.entry, version, now);
      values[':entry'] = [entry];
      try {
        const { Attributes } = await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { orderId },
            UpdateExpression: `SET ${set.join(', ')}, history = list_append(if_not_exists(history, :empty), :entry)${remove.length > 0 ? ` REMOVE ${remove.join(', ')}` : ''}`,
            ConditionExpression: conditions.join(' AND '),
            ...(Object.keys(names).length > 0 ? { ExpressionAttributeNames: names } : {}),
            ExpressionAttributeValues: { ...values, ':empty': [] },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return { outcome: 'updated', submission: toSubmission(Attributes!) };
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        // Changed between the read and the write: say how it is now.
        const latest = await getItem(orderId);
        if (!latest) return { outcome: 'notFound' };
        const replanned = planUpdate(latest, change, version, now, by);
        return replanned.outcome === 'write' ? { outcome: 'stale', submission: toSubmission(latest) } : replanned;
      }
    },

    async forget(orderId, deleted, cleanUp) {
      const item = await getItem(orderId);
      if (!item) return 'notFound';
      if (typeof item.claimedUntil === 'string' && item.claimedUntil >= deleted.at) return 'deliveryInProgress';
      await cleanUp(toSubmission(item));
      try {
        const tombstone: DeletedOrder = { orderId, deleted };
        await client.send(
          new PutCommand({
            TableName: tableName,
            Item: tombstone,
            ConditionExpression: 'attribute_exists(formId) AND (attribute_not_exists(claimedUntil) OR claimedUntil < :now)',
            ExpressionAttributeValues: { ':now': new Date().toISOString() },
          }),
        );
        return 'deleted';
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        return (await getItem(orderId)) ? 'deliveryInProgress' : 'notFound';
      }
    },

    async addNote(orderId, note) {
      try {
        // One atomic append: two notes written at the same moment are both kept.
        const { Attributes } = await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { orderId },
            UpdateExpression: 'SET notes = list_append(if_not_exists(notes, :empty), :note)',
            ConditionExpression: 'attribute_exists(orderId) AND attribute_exists(formId)',
            ExpressionAttributeValues: { ':note': [note], ':empty': [] },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return toSubmission(Attributes!);
      } catch (error) {
        if (isConditionFailure(error)) return undefined;
        throw error;
      }
    },
  };
}

/** BatchGetItem takes at most this many keys a call. */
const getBatch = 100;

/** The stored items of these orders, by id (those that exist), a BatchGetItem per hundred, unprocessed keys asked again. */
export async function batchGetItems(client: DynamoDBDocumentClient, tableName: string, orderIds: readonly string[]): Promise<Map<string, Record<string, unknown>>> {
  const found = new Map<string, Record<string, unknown>>();
  const chunks: string[][] = [];
  const unique = [...new Set(orderIds)];
  for (let i = 0; i < unique.length; i += getBatch) chunks.push(unique.slice(i, i + getBatch));
  await Promise.all(
    chunks.map(async (chunk) => {
      let keys: Record<string, unknown>[] | undefined = chunk.map((orderId) => ({ orderId }));
      for (let attempt = 0; keys && keys.length > 0; attempt++) {
        if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(50 * 2 ** attempt, 1_000)));
        const answer: BatchGetCommandOutput = await client.send(new BatchGetCommand({ RequestItems: { [tableName]: { Keys: keys } } }));
        for (const item of answer.Responses?.[tableName] ?? []) found.set(String(item.orderId), item);
        keys = answer.UnprocessedKeys?.[tableName]?.Keys;
      }
    }),
  );
  return found;
}

type Plan =
  | Exclude<UpdateOutcome, { outcome: 'updated' } | { outcome: 'notFound' }>
  | { outcome: 'write'; submission: Submission; entry?: HistoryEntry['changes'] };

/** What the change does to the submission as stored; no `entry` when it changes nothing. */
function planUpdate(item: Record<string, unknown>, change: StaffChange, version: number, now: string, by: string): Plan {
  const submission = toSubmission(item);
  if (submission.version !== version) return { outcome: 'stale', submission };
  const entry: HistoryEntry['changes'] = {};
  const archived = submission.archived === true;
  if (change.archived !== undefined && change.archived !== archived) entry.archived = { from: archived, to: change.archived };
  const labels = submission.labels ?? [];
  if (change.labels !== undefined && change.labels.join('\n') !== labels.join('\n')) entry.labels = { from: labels, to: change.labels };
  if (change.status !== undefined && change.status !== submission.status) {
    entry.status = { from: submission.status, to: change.status };
  }
  if (change.read !== undefined && change.read !== submission.read) entry.read = { from: submission.read, to: change.read };
  const assignee = submission.assignee ?? '';
  if (change.assignee !== undefined && change.assignee !== assignee) entry.assigned = { from: assignee, to: change.assignee };
  if (change.resend && change.resend.length > 0) {
    const kinds = [...new Set(change.resend)];
    const sent = kinds.filter((kind) => !submission.deliveries[kind] || submission.deliveries[kind].state === 'sent');
    if (sent.length > 0) return { outcome: 'alreadyDelivered', submission, kinds: sent };
    const claimedUntil = item.claimedUntil;
    if (typeof claimedUntil === 'string' && claimedUntil >= now) return { outcome: 'deliveryInProgress', submission };
    entry.resend = kinds;
  }
  if (change.contacted) {
    entry.contacted = change.contacted;
    if (submission.status === 'new') entry.status = { from: 'new', to: 'contacted' };
  }
  if (change.undoContact) {
    const last = (submission.history ?? []).at(-1);
    if (!last?.changes.contacted || last.by !== by) return { outcome: 'nothingToUndo', submission };
    entry.contactUndone = last.changes.contacted;
    if (last.changes.status) entry.status = { from: submission.status, to: last.changes.status.from };
  }
  return { outcome: 'write', submission, ...(Object.keys(entry).length > 0 ? { entry } : {}) };
}

/** The update's SET clauses and its condition: still at `version`, and for a resend, unclaimed and undelivered. */
function updateParts(submission: Submission, entry: HistoryEntry['changes'], version: number, now: string) {
  const set = ['version = :next'];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':version': version, ':next': version + 1 };
  const conditions = ['version = :version'];
  const remove: string[] = [];
  if (entry.archived) {
    if (entry.archived.to) {
      set.push('archived = :archived');
      values[':archived'] = true;
    } else remove.push('archived');
  }
  if (entry.labels) {
    if (entry.labels.to.length === 0) remove.push('labels');
    else {
      set.push('labels = :labels');
      values[':labels'] = entry.labels.to;
    }
  }
  if (entry.assigned) {
    if (entry.assigned.to === '') remove.push('assignee');
    else {
      set.push('assignee = :assignee');
      values[':assignee'] = entry.assigned.to;
    }
  }
  if (entry.status) {
    set.push('#status = :status', 'listStatus = :listStatus');
    names['#status'] = 'status';
    values[':status'] = entry.status.to;
    values[':listStatus'] = listStatusKey(submission.list, entry.status.to);
  }
  if (entry.read) {
    set.push('#read = :read');
    names['#read'] = 'read';
    values[':read'] = entry.read.to;
  }
  if (entry.resend) {
    // The nested attribute only: the worker may have written other deliveries' states meanwhile.
    names['#state'] = 'state';
    names['#next'] = 'nextAttemptAt';
    values[':now'] = now;
    values[':sent'] = 'sent';
    values[':due'] = 'due';
    entry.resend.forEach((kind, i) => {
      names[`#kind${i}`] = kind;
      set.push(`deliveries.#kind${i}.#next = :now`);
      conditions.push(`deliveries.#kind${i}.#state <> :sent`);
    });
    set.push('deliveryDue = :due', '#next = :now');
    conditions.push('(attribute_not_exists(claimedUntil) OR claimedUntil < :now)');
  }
  return { set, remove, names, values, conditions };
}
