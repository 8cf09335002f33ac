import { GetCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { PublishSummary } from '../../shared/admin-api';
import type { ContentOverrides } from '../../shared/content/model';
import { tableDefinitions } from './tables';

/**
 * Staff's content in the content table (lambdas/lib/tables.ts): the draft,
 * every publish with the content it published, and which publish is live.
 */

export interface StoredDraft {
  overrides: ContentOverrides;
  savedAt: string;
  savedBy: string;
}

export interface StoredPublish extends PublishSummary {
  overrides: ContentOverrides;
}

export interface ContentStore {
  draft(): Promise<StoredDraft | undefined>;
  saveDraft(draft: StoredDraft): Promise<void>;
  addPublish(publish: StoredPublish): Promise<void>;
  publish(publishId: string): Promise<StoredPublish | undefined>;
  /** The newest first, at most `limit`. */
  publishes(limit: number): Promise<StoredPublish[]>;
  /** The publish the site shows; undefined before the first. */
  live(): Promise<StoredPublish | undefined>;
  setLive(publishId: string): Promise<void>;
}

const { partitionKey, sortKey } = tableDefinitions.content;
const single = '-';
const key = (record: 'draft' | 'publish' | 'live', version = single) => ({ [partitionKey.name]: record, [sortKey.name]: version });

export function createContentStore(client: DynamoDBDocumentClient, tableName: string): ContentStore {
  const get = async (record: 'draft' | 'publish' | 'live', version?: string) =>
    (await client.send(new GetCommand({ TableName: tableName, Key: key(record, version), ConsistentRead: true }))).Item;

  const store: ContentStore = {
    async draft() {
      const item = await get('draft');
      return item && { overrides: item.overrides as ContentOverrides, savedAt: item.savedAt as string, savedBy: item.savedBy as string };
    },
    async saveDraft(draft) {
      await client.send(new PutCommand({ TableName: tableName, Item: { ...key('draft'), ...draft } }));
    },
    async addPublish(publish) {
      await client.send(new PutCommand({ TableName: tableName, Item: { ...key('publish', publish.publishId), ...publish } }));
    },
    async publish(publishId) {
      const item = await get('publish', publishId);
      return item && toPublish(item);
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
      return Items.map(toPublish);
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

function toPublish(item: Record<string, unknown>): StoredPublish {
  const { [partitionKey.name]: _record, [sortKey.name]: _version, ...publish } = item;
  return publish as unknown as StoredPublish;
}
