import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { FormData } from '../../shared/forms/form-schema';
import type { Language } from '../../shared/languages';

export interface OrderRecord {
  orderId: string;
  formId: string;
  submissionId: string;
  createdAt: string;
  language: Language;
  data: FormData;
  /** The row as sent to the sheet relay. */
  row: string[];
}

export interface OrdersStore {
  put(order: OrderRecord): Promise<void>;
}

export function createOrdersStore(client: DynamoDBDocumentClient, tableName: string): OrdersStore {
  return {
    async put(order) {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: order,
          ConditionExpression: 'attribute_not_exists(orderId)',
        }),
      );
    },
  };
}
