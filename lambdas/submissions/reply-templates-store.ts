import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Localized } from '../../shared/languages';
import { tableDefinitions } from '../lib/tables';

/**
 * The admins' wording of the messages sent to farmers from an order
 * (shared/reply-templates.ts), one item in the content table under its own
 * record, `replyTemplates`, beside the site's content and apart from its
 * publishes: it takes effect when saved, nothing to publish.
 */

export interface StoredReplyTemplates {
  templates: Localized;
  savedAt: string;
  savedBy: string;
}

export interface ReplyTemplatesStore {
  /** Undefined until an admin first saves them (the defaults apply). */
  get(): Promise<StoredReplyTemplates | undefined>;
  save(templates: StoredReplyTemplates): Promise<void>;
}

const { partitionKey, sortKey } = tableDefinitions.content;
const key = { [partitionKey.name]: 'replyTemplates', [sortKey.name]: '-' };

export function createReplyTemplatesStore(client: DynamoDBDocumentClient, tableName: string): ReplyTemplatesStore {
  return {
    async get() {
      const { Item } = await client.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }));
      return Item && { templates: Item.templates as Localized, savedAt: Item.savedAt as string, savedBy: Item.savedBy as string };
    },
    async save({ templates, savedAt, savedBy }) {
      await client.send(new PutCommand({ TableName: tableName, Item: { ...key, templates, savedAt, savedBy } }));
    },
  };
}
