import { RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { tableDefinitions, type KeyAttribute, type TableDefinition, type TableName } from '../../tables';
import { pascalCase } from '../naming';

interface TableOptions {
  removalPolicy: RemovalPolicy;
  pointInTimeRecovery: boolean;
  deletionProtection: boolean;
  /** Attribute DynamoDB reads to expire items. */
  timeToLiveAttribute?: string;
}

/**
 * What only AWS needs to know about each table. The key schemas stay in
 * infra/tables.ts; a table added there does not compile here until it gets
 * its options.
 */
const tableOptions = {
  // Orders are the business record: keep them through stack deletion and mistakes.
  orders: { removalPolicy: RemovalPolicy.RETAIN, pointInTimeRecovery: true, deletionProtection: true },
  // Contact messages and subscriptions are the dealer's record too.
  messages: { removalPolicy: RemovalPolicy.RETAIN, pointInTimeRecovery: true, deletionProtection: true },
  // Staff edit the catalogue after the seed: their work is kept like the orders.
  products: { removalPolicy: RemovalPolicy.RETAIN, pointInTimeRecovery: true, deletionProtection: true },
  // Idempotency records are disposable; Powertools writes the expiry (epoch seconds) to `expiration`.
  idempotency: {
    removalPolicy: RemovalPolicy.DESTROY,
    pointInTimeRecovery: false,
    deletionProtection: false,
    timeToLiveAttribute: 'expiration',
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
      removalPolicy: options.removalPolicy,
    });
  }
}

function attribute(key: KeyAttribute): dynamodb.Attribute {
  return { name: key.name, type: key.type === 'N' ? dynamodb.AttributeType.NUMBER : dynamodb.AttributeType.STRING };
}
