import { RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { rateLimitExpiryAttribute } from '../../../lambdas/lib/rate-limit';
import { tableDefinitions, type KeyAttribute, type TableDefinition, type TableName } from '../../../lambdas/lib/tables';
import { pascalCase } from '../naming';

interface TableOptions {
  removalPolicy: RemovalPolicy;
  pointInTimeRecovery: boolean;
  deletionProtection: boolean;
  /** Attribute DynamoDB reads to expire items. */
  timeToLiveAttribute?: string;
  /** A stream of changes, for functions that react to new items. */
  stream?: dynamodb.StreamViewType;
}

/**
 * What only AWS needs to know about each table. The key schemas stay in
 * lambdas/lib/tables.ts; a table added there does not compile here until it gets
 * its options.
 */
const tableOptions = {
  // Kept through stack deletion and mistakes, but not after a first deploy that failed: nothing is
  // in them yet (RETAIN_ON_UPDATE_OR_DELETE, CloudFormation's RetainExceptOnCreate).
  // Submissions are the business record: keep them through stack deletion and mistakes. Their
  // stream starts the delivery worker when one is inserted; the keys are all it needs.
  submissions: {
    removalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
    pointInTimeRecovery: true,
    deletionProtection: true,
    stream: dynamodb.StreamViewType.KEYS_ONLY,
  },
  // Staff edit the catalogue after the seed: their work is kept like the orders.
  products: { removalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE, pointInTimeRecovery: true, deletionProtection: true },
  // The pictures the products show.
  media: { removalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE, pointInTimeRecovery: true, deletionProtection: true },
  // Staff's texts, catalogue and dealer details, and every publish of them.
  content: { removalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE, pointInTimeRecovery: true, deletionProtection: true },
  // Counters that matter for a minute: nothing to keep, DynamoDB deletes them once expired.
  rateLimits: {
    removalPolicy: RemovalPolicy.DESTROY,
    pointInTimeRecovery: false,
    deletionProtection: false,
    timeToLiveAttribute: rateLimitExpiryAttribute,
  },
} satisfies Record<TableName, TableOptions>;

export class Database extends Construct {
  readonly tables: Record<TableName, dynamodb.TableV2>;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const names = Object.keys(tableDefinitions) as TableName[];
    this.tables = Object.fromEntries(
      names.map((name) => [name, this.createTable(name, tableDefinitions[name], tableOptions[name])]),
    ) as Record<TableName, dynamodb.TableV2>;
  }

  private createTable(name: TableName, definition: TableDefinition, options: TableOptions): dynamodb.TableV2 {
    return new dynamodb.TableV2(this, pascalCase(name), {
      partitionKey: attribute(definition.partitionKey),
      sortKey: definition.sortKey && attribute(definition.sortKey),
      globalSecondaryIndexes: definition.indexes.map((index) => ({
        indexName: index.name,
        partitionKey: attribute(index.partitionKey),
        sortKey: index.sortKey && attribute(index.sortKey),
      })),
      billing: dynamodb.Billing.onDemand(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: options.pointInTimeRecovery },
      deletionProtection: options.deletionProtection,
      timeToLiveAttribute: options.timeToLiveAttribute,
      dynamoStream: options.stream,
      removalPolicy: options.removalPolicy,
    });
  }
}

function attribute(key: KeyAttribute): dynamodb.Attribute {
  return { name: key.name, type: key.type === 'N' ? dynamodb.AttributeType.NUMBER : dynamodb.AttributeType.STRING };
}
