import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tableDefinitions } from '../../infra/tables';
import type { FormData, StoreSpec } from '../../shared/forms/form-schema';
import type { Language } from '../../shared/languages';

/** The tables a form schema may name in `x-store.table`. */
export type StoreTable = StoreSpec['table'];

const storeTables: readonly StoreTable[] = ['orders', 'messages'];

export function isStoreTable(value: unknown): value is StoreTable {
  return storeTables.includes(value as StoreTable);
}

/** What is stored of a submission, whatever the table. */
export interface SubmissionRecord {
  formId: string;
  submissionId: string;
  createdAt: string;
  language: Language;
  data: FormData;
  /** The row as sent to the sheet relay. */
  row: string[];
}

export interface SubmissionStore {
  /** Puts the record under `id`, as the table's key attribute (`orderId`, `messageId`). */
  put(table: StoreTable, id: string, record: SubmissionRecord): Promise<void>;
}

export function createSubmissionStore(
  client: DynamoDBDocumentClient,
  tableNames: Record<StoreTable, string>,
): SubmissionStore {
  return {
    async put(table, id, record) {
      const key = tableDefinitions[table].partitionKey.name;
      await client.send(
        new PutCommand({
          TableName: tableNames[table],
          Item: { [key]: id, ...record },
          ConditionExpression: 'attribute_not_exists(#key)',
          ExpressionAttributeNames: { '#key': key },
        }),
      );
    },
  };
}
