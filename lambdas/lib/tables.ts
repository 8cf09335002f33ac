/**
 * DynamoDB key schemas, declared once: the CDK stack creates these tables in
 * AWS, the local stack creates them in dynalite, and the handlers query them
 * by the index names given here.
 */
export interface KeyAttribute {
  name: string;
  type: 'S' | 'N';
}

export interface IndexDefinition {
  name: string;
  partitionKey: KeyAttribute;
  sortKey?: KeyAttribute;
}

export interface TableDefinition {
  partitionKey: KeyAttribute;
  sortKey?: KeyAttribute;
  indexes: IndexDefinition[];
}

const createdAt: KeyAttribute = { name: 'createdAt', type: 'S' };

export const tableDefinitions = {
  /**
   * Every submission of every form, keyed by the browser's submission id
   * (docs/decisions/0008-the-submission-record.md). The index attributes are
   * derived by lambdas/submissions/record.ts.
   */
  submissions: {
    partitionKey: { name: 'orderId', type: 'S' },
    indexes: [
      { name: 'byList', partitionKey: { name: 'list', type: 'S' }, sortKey: createdAt },
      { name: 'byForm', partitionKey: { name: 'formId', type: 'S' }, sortKey: createdAt },
      { name: 'byStatus', partitionKey: { name: 'listStatus', type: 'S' }, sortKey: createdAt },
      { name: 'byWilaya', partitionKey: { name: 'listWilaya', type: 'S' }, sortKey: createdAt },
      { name: 'byPhone', partitionKey: { name: 'phoneKey', type: 'S' }, sortKey: createdAt },
      // Sparse: only undelivered submissions carry deliveryDue.
      { name: 'byDelivery', partitionKey: { name: 'deliveryDue', type: 'S' }, sortKey: { name: 'nextAttemptAt', type: 'S' } },
    ],
  },
  /**
   * The inbox's text search (docs/decisions/0022-the-dealers-inbox.md): one
   * item per word beginning (`term`) of an order, sorted newest first by
   * `entry` = `createdAt#orderId`; written by lambdas/submissions/search-index.ts.
   */
  orderSearch: {
    partitionKey: { name: 'term', type: 'S' },
    sortKey: { name: 'entry', type: 'S' },
    indexes: [],
  },
  /** The catalogue products shown on the site (home page featured products, category lists). */
  products: {
    partitionKey: { name: 'productId', type: 'S' },
    indexes: [
      { name: 'byCategory', partitionKey: { name: 'category', type: 'S' }, sortKey: createdAt },
      // Every item has listing = "all": one Query lists the catalogue newest first, no Scan (a few hundred items fit one partition).
      { name: 'byCreated', partitionKey: { name: 'listing', type: 'S' }, sortKey: createdAt },
    ],
  },
  /** The staff's picture library (product pictures), served under /media/. */
  media: {
    partitionKey: { name: 'mediaId', type: 'S' },
    // Every item has listing = "all": the library newest first, paged, no Scan.
    indexes: [{ name: 'byCreated', partitionKey: { name: 'listing', type: 'S' }, sortKey: createdAt }],
  },
  /**
   * The site's content as staff change it (docs/decisions/0016-published-content.md):
   * record "draft" (one item), "publish" (one item per publish, versions
   * sortable by time, newest last) and "live" (the publish the site shows);
   * and "replyTemplates", the messages sent to farmers from an order
   * (lambdas/submissions/reply-templates-store.ts).
   */
  content: {
    partitionKey: { name: 'record', type: 'S' },
    sortKey: { name: 'version', type: 'S' },
    indexes: [],
  },
  /**
   * Requests per client address, route and minute, for the rate limit
   * (lambdas/lib/rate-limit.ts); each counter expires after its minute.
   */
  rateLimits: {
    partitionKey: { name: 'counter', type: 'S' },
    indexes: [],
  },
} satisfies Record<string, TableDefinition>;

export type TableName = keyof typeof tableDefinitions;

/** The index of that name, as declared above; throws on a name the table does not declare. */
export function indexOf(table: TableName, name: string): IndexDefinition {
  const index = tableDefinitions[table].indexes.find((candidate) => candidate.name === name);
  if (!index) throw new Error(`lambdas/lib/tables.ts declares no ${table} index named ${name}`);
  return index;
}
