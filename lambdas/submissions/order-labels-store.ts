import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tableDefinitions } from '../lib/tables';

/**
 * The labels staff have put on orders, offered when they label another
 * (docs/decisions/0022-the-dealers-inbox.md): one item of the content table
 * under its own record, `orderLabels`, a string set each labelling adds to
 * in one atomic update, so that labels chosen at the same moment are all kept.
 */
export interface OrderLabelsStore {
  /** Every label used so far, sorted. */
  used(): Promise<string[]>;
  remember(labels: readonly string[]): Promise<void>;
}

const { partitionKey, sortKey } = tableDefinitions.content;
const key = { [partitionKey.name]: 'orderLabels', [sortKey.name]: '-' };

export function createOrderLabelsStore(client: DynamoDBDocumentClient, tableName: string): OrderLabelsStore {
  return {
    async used() {
      const { Item } = await client.send(new GetCommand({ TableName: tableName, Key: key }));
      const labels = Item?.labels;
      return labels instanceof Set ? [...(labels as Set<string>)].sort((a, b) => a.localeCompare(b)) : [];
    },
    async remember(labels) {
      if (labels.length === 0) return;
      await client.send(
        new UpdateCommand({ TableName: tableName, Key: key, UpdateExpression: 'ADD labels :labels', ExpressionAttributeValues: { ':labels': new Set(labels) } }),
      );
    },
  };
}
