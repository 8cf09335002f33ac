import { GetCommand, PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { shippedPublishId, type PublishSummary } from '../../shared/admin-api';
import type { ContentOverrides } from '../../shared/content/model';
import { isConditionFailure } from '../lib/conditional-writes';
import { tableDefinitions } from '../lib/tables';

/**
 * Staff's content in the content table (lambdas/lib/tables.ts): the draft,
 * every publish with the content it published and how it went, which publish
 * is live, and which one is running (one at a time).
 */

export interface StoredDraft {
  overrides: ContentOverrides;
  savedAt: string;
  savedBy: string;
}

export interface StoredPublish extends PublishSummary {
  overrides: ContentOverrides;
  /** The last time the publisher said how far it was: a running publish silent for too long has stopped. */
  updatedAt?: string;
  /** Once done: what the publisher spent its time on, for operators (not answered to staff). */
  work?: PublishWork;
}

export interface PublishWork {
  /** Milliseconds per step: compare (reading the live site), photos, render, write, goLive. */
  steps: Record<string, number>;
  /** Files written, and files carried over unchanged from the live site. */
  written: number;
  carried: number;
  /** Pages rendered (the others were carried over without rendering). */
  rendered?: number;
}

/** What the publisher records of a publish as it goes. */
export type PublishChanges = Partial<Pick<StoredPublish, 'state' | 'progress' | 'pages' | 'changed' | 'changes' | 'durationMs' | 'failure' | 'work'>>;

export interface ContentStore {
  draft(): Promise<StoredDraft | undefined>;
  /**
   * Saves the draft; with `basedOn`, only over the draft saved then (its
   * `savedAt`, or null for none yet): false when a colleague saved since.
   */
  saveDraft(draft: StoredDraft, basedOn?: string | null): Promise<boolean>;
  /**
   * Records a new publish, running, unless another one runs: then nothing is
   * written and that one is answered.
   */
  startPublish(publish: StoredPublish): Promise<{ started: true } | { started: false; running: StoredPublish }>;
  /** Records how far a publish has gone, or how it ended (`progress` is dropped once it ends). */
  updatePublish(publishId: string, changes: PublishChanges): Promise<void>;
  publish(publishId: string): Promise<StoredPublish | undefined>;
  /** The publish running now, if one is (one silent for too long is not). */
  running(): Promise<StoredPublish | undefined>;
  /** The newest first, at most `limit`, then always the content as shipped ({@link shippedContent}). */
  publishes(limit: number): Promise<StoredPublish[]>;
  /** The publish the site shows; undefined before the first. */
  live(): Promise<StoredPublish | undefined>;
  setLive(publishId: string): Promise<void>;
}

/**
 * A running publish that has said nothing for this long has stopped (its
 * function timed out or crashed): it is shown as failed, and another may start.
 * The publisher reports at least every few seconds while it works.
 */
export const publishStalledAfterMs = 2 * 60_000;

/** The failure of a publish that stopped without saying why. */
export const stoppedFailure = 'stopped';

/**
 * The content the site was delivered with (no overrides: the typed
 * defaults), the oldest entry of every history, so that staff can always go
 * back to it. It was never published, so it has no date or author.
 */
export const shippedContent: StoredPublish = { publishId: shippedPublishId, publishedAt: '', publishedBy: '', state: 'done', overrides: {}, shipped: true };

type RecordKind = 'draft' | 'publish' | 'live' | 'running';

const { partitionKey, sortKey } = tableDefinitions.content;
const single = '-';
const key = (record: RecordKind, version = single) => ({ [partitionKey.name]: record, [sortKey.name]: version });

export function createContentStore(client: DynamoDBDocumentClient, tableName: string, now: () => Date = () => new Date()): ContentStore {
  const get = async (record: RecordKind, version?: string) =>
    (await client.send(new GetCommand({ TableName: tableName, Key: key(record, version), ConsistentRead: true }))).Item;
  const seen = (item: Record<string, unknown>) => asSeen(toPublish(item), now());

  const store: ContentStore = {
    async draft() {
      const item = await get('draft');
      return item && { overrides: item.overrides as ContentOverrides, savedAt: item.savedAt as string, savedBy: item.savedBy as string };
    },
    async saveDraft(draft, basedOn) {
      const condition =
        basedOn === undefined
          ? {}
          : basedOn === null
            ? { ConditionExpression: 'attribute_not_exists(#partition)', ExpressionAttributeNames: { '#partition': partitionKey.name } }
            : { ConditionExpression: 'savedAt = :basedOn', ExpressionAttributeValues: { ':basedOn': basedOn } };
      try {
        await client.send(new PutCommand({ TableName: tableName, Item: { ...key('draft'), ...draft }, ...condition }));
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },
    async startPublish(publish) {
      const lock = await get('running');
      const holder = typeof lock?.publishId === 'string' ? await store.publish(lock.publishId) : undefined;
      if (holder?.state === 'running') return { started: false, running: holder };
      try {
        // Taken only if nobody took it since it was read: two publishes never run at once.
        await client.send(
          new PutCommand({
            TableName: tableName,
            Item: { ...key('running'), publishId: publish.publishId },
            ...(lock
              ? { ConditionExpression: 'publishId = :seen', ExpressionAttributeValues: { ':seen': lock.publishId } }
              : { ConditionExpression: 'attribute_not_exists(publishId)' }),
          }),
        );
      } catch (error) {
        if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
        const running = await store.publish(((await get('running'))?.publishId as string | undefined) ?? '');
        if (running?.state === 'running') return { started: false, running };
        throw error;
      }
      await client.send(new PutCommand({ TableName: tableName, Item: { ...key('publish', publish.publishId), ...publish, updatedAt: now().toISOString() } }));
      return { started: true };
    },
    async updatePublish(publishId, changes) {
      const fields = { ...changes, updatedAt: now().toISOString() };
      const names = Object.keys(fields);
      const ended = changes.state !== undefined && changes.state !== 'running';
      await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: key('publish', publishId),
          UpdateExpression: `SET ${names.map((_, i) => `#f${i} = :v${i}`).join(', ')}${ended ? ' REMOVE progress' : ''}`,
          ExpressionAttributeNames: Object.fromEntries(names.map((name, i) => [`#f${i}`, name])),
          ExpressionAttributeValues: Object.fromEntries(names.map((name, i) => [`:v${i}`, fields[name as keyof typeof fields]])),
          ConditionExpression: 'attribute_exists(publishId)',
        }),
      );
    },
    async publish(publishId) {
      if (publishId === shippedPublishId) return shippedContent;
      const item = await get('publish', publishId);
      return item && seen(item);
    },
    async running() {
      const lock = await get('running');
      const holder = typeof lock?.publishId === 'string' ? await store.publish(lock.publishId) : undefined;
      return holder?.state === 'running' ? holder : undefined;
    },
    async publishes(limit) {
      const { Items = [] } = await client.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: '#record = :publish',
          ExpressionAttributeNames: { '#record': partitionKey.name },
          ExpressionAttributeValues: { ':publish': 'publish' },
          ScanIndexForward: false,
          Limit: limit,
        }),
      );
      return [...Items.map(seen), shippedContent];
    },
    async live() {
      const item = await get('live');
      return typeof item?.publishId === 'string' ? store.publish(item.publishId) : undefined;
    },
    async setLive(publishId) {
      await client.send(new PutCommand({ TableName: tableName, Item: { ...key('live'), publishId } }));
    },
  };
  return store;
}

/** A publish as the admin API answers it: without the content it published. */
export function publishSummary({ overrides: _overrides, updatedAt: _updatedAt, work: _work, ...summary }: StoredPublish): PublishSummary {
  return summary;
}

/** A publish as staff should see it now: one running but silent for too long has stopped. */
export function asSeen(publish: StoredPublish, now: Date): StoredPublish {
  if (publish.state !== 'running') return publish;
  const heardAt = Date.parse(publish.updatedAt ?? publish.publishedAt);
  if (now.getTime() - heardAt < publishStalledAfterMs) return publish;
  const { progress: _progress, ...stopped } = publish;
  return { ...stopped, state: 'failed', failure: stoppedFailure };
}

function toPublish(item: Record<string, unknown>): StoredPublish {
  const { [partitionKey.name]: _record, [sortKey.name]: _version, ...publish } = item;
  // Publishes recorded before publishes ran in the background were all done.
  return { state: 'done', ...publish } as unknown as StoredPublish;
}
