/**
 * DynamoDB key schemas, declared once: the CDK stack creates these tables in
 * AWS, the local stack creates them in dynalite, and the API puts each
 * submission under its table's partition key.
 */
export interface KeyAttribute {
  name: string;
  type: 'S' | 'N';
}

export interface TableDefinition {
  partitionKey: KeyAttribute;
  sortKey?: KeyAttribute;
  indexes: { name: string; partitionKey: KeyAttribute; sortKey?: KeyAttribute }[];
}

export const tableDefinitions = {
  /** One item per order request, whatever the form. */
  orders: {
    partitionKey: { name: 'orderId', type: 'S' },
    indexes: [
      {
        name: 'byForm',
        partitionKey: { name: 'formId', type: 'S' },
        sortKey: { name: 'createdAt', type: 'S' },
      },
    ],
  },
  /** One item per contact message or newsletter subscription (forms whose x-store.table is "messages"). */
  messages: {
    partitionKey: { name: 'messageId', type: 'S' },
    indexes: [
      {
        name: 'byForm',
        partitionKey: { name: 'formId', type: 'S' },
        sortKey: { name: 'createdAt', type: 'S' },
      },
    ],
  },
  /** The catalogue products shown on the site (home page featured products, category lists). */
  products: {
    partitionKey: { name: 'productId', type: 'S' },
    indexes: [
      {
        name: 'byCategory',
        partitionKey: { name: 'category', type: 'S' },
        sortKey: { name: 'createdAt', type: 'S' },
      },
      // Every item has listing = "all": one Query lists the catalogue newest first, no Scan (a few hundred items fit one partition).
      {
        name: 'byCreated',
        partitionKey: { name: 'listing', type: 'S' },
        sortKey: { name: 'createdAt', type: 'S' },
      },
    ],
  },
  /** Powertools idempotency records: a submission id is processed once. */
  idempotency: {
    partitionKey: { name: 'id', type: 'S' },
    indexes: [],
  },
} satisfies Record<string, TableDefinition>;

export type TableName = keyof typeof tableDefinitions;
