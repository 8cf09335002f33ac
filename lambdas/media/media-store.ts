import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { MediaItem } from '../../shared/admin-api';
import { languages, type Localized } from '../../shared/languages';
import type { StartKey } from '../lib/cursors';
import { isConditionFailure } from '../lib/conditional-writes';
import { indexOf } from '../lib/tables';

/**
 * The staff's picture library: one item per picture (its object key under
 * media/, type, size, alternative texts), listed newest first on the
 * byCreated index.
 */

/** A library picture as stored: the item the API answers, plus its object key. */
export interface StoredMedia extends MediaItem {
  key: string;
}

export interface MediaStore {
  /** Writes a new picture; when its id is taken, answers the stored one. */
  create(media: StoredMedia): Promise<{ created: boolean; media: StoredMedia }>;
  get(mediaId: string): Promise<StoredMedia | undefined>;
  page(limit: number, start?: StartKey): Promise<{ items: StoredMedia[]; next?: StartKey }>;
  /** Changes the given languages' texts; undefined when there is no such picture. */
  updateAlt(mediaId: string, alt: Partial<Localized>): Promise<StoredMedia | undefined>;
  delete(mediaId: string): Promise<void>;
}

export const mediaByCreated = indexOf('media', 'byCreated');
/** The byCreated partition every picture belongs to. */
export const allMedia = 'all';

export function createMediaStore(client: DynamoDBDocumentClient, tableName: string): MediaStore {
  return {
    async create(media) {
      try {
        await client.send(
          new PutCommand({
            TableName: tableName,
            Item: { ...media, [mediaByCreated.partitionKey.name]: allMedia },
            ConditionExpression: 'attribute_not_exists(mediaId)',
          }),
        );
        return { created: true, media };
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        const existing = await this.get(media.mediaId);
        if (!existing) throw error;
        return { created: false, media: existing };
      }
    },

    async get(mediaId) {
      const { Item } = await client.send(new GetCommand({ TableName: tableName, Key: { mediaId }, ConsistentRead: true }));
      return Item && toMedia(Item);
    },

    async page(limit, start) {
      const { Items = [], LastEvaluatedKey } = await client.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: mediaByCreated.name,
          KeyConditionExpression: '#partition = :partition',
          ExpressionAttributeNames: { '#partition': mediaByCreated.partitionKey.name },
          ExpressionAttributeValues: { ':partition': allMedia },
          ScanIndexForward: false,
          Limit: limit,
          ExclusiveStartKey: start,
        }),
      );
      return { items: Items.map(toMedia), ...(LastEvaluatedKey ? { next: LastEvaluatedKey as StartKey } : {}) };
    },

    async updateAlt(mediaId, alt) {
      const entries = Object.entries(alt);
      try {
        const { Attributes } = await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { mediaId },
            UpdateExpression: `SET ${entries.map((_, i) => `alt.#l${i} = :t${i}`).join(', ')}`,
            ConditionExpression: 'attribute_exists(mediaId)',
            ExpressionAttributeNames: Object.fromEntries(entries.map(([language], i) => [`#l${i}`, language])),
            ExpressionAttributeValues: Object.fromEntries(entries.map(([, text], i) => [`:t${i}`, text])),
            ReturnValues: 'ALL_NEW',
          }),
        );
        return Attributes && toMedia(Attributes);
      } catch (error) {
        if (isConditionFailure(error)) return undefined;
        throw error;
      }
    },

    async delete(mediaId) {
      await client.send(new DeleteCommand({ TableName: tableName, Key: { mediaId } }));
    },
  };
}

function toMedia(item: Record<string, unknown>): StoredMedia {
  const alt = (item.alt ?? {}) as Partial<Localized>;
  return {
    mediaId: String(item.mediaId),
    key: String(item.key),
    // On the site's origin, whichever of its names staff opened the admin at.
    url: `/${String(item.key)}`,
    contentType: String(item.contentType),
    size: Number(item.size),
    name: String(item.name ?? ''),
    alt: Object.fromEntries(languages.map((language) => [language, alt[language] ?? ''])) as Localized,
    createdAt: String(item.createdAt),
    createdBy: String(item.createdBy ?? ''),
  };
}
