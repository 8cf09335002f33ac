import { RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { AwsCustomResource, AwsCustomResourcePolicy, PhysicalResourceId } from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import type { Attached } from '../attach';
import { acknowledgeOnStackSingleton, lambdaLogsPolicy } from '../nag';
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
  // The inbox's search index: made again from the orders if lost (npm run orders:reindex), so no backups of its own.
  orderSearch: { removalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE, pointInTimeRecovery: false, deletionProtection: false },
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
  readonly tables: Record<TableName, dynamodb.ITableV2>;
  /** The tables whose items are the business's record (point-in-time recovery on): what a backup plan keeps. */
  readonly records: dynamodb.ITableV2[];

  /** `attached`: tables an earlier deploy kept, or restored ones, taken by name instead of made (../attach.ts). */
  constructor(scope: Construct, id: string, attached: Attached['tables'] = {}) {
    super(scope, id);
    const names = Object.keys(tableDefinitions) as TableName[];
    this.tables = Object.fromEntries(
      names.map((name) => {
        const tableName = attached[name];
        const options = tableOptions[name] as TableOptions;
        return [name, tableName ? this.attachTable(name, tableName, options) : this.createTable(name, tableDefinitions[name], options)];
      }),
    ) as Record<TableName, dynamodb.ITableV2>;
    this.records = names.filter((name) => (tableOptions[name] as TableOptions).pointInTimeRecovery).map((name) => this.tables[name]);
  }

  /**
   * A table by its name, never deleted by this stack. Its stream, when the
   * table has one, is found at deploy time: its ARN carries the time it was
   * turned on, which no name gives.
   */
  private attachTable(name: TableName, tableName: string, options: TableOptions): dynamodb.ITableV2 {
    if (!options.stream) return dynamodb.TableV2.fromTableName(this, `${pascalCase(name)}Attached`, tableName);
    const describe = {
      service: 'DynamoDB',
      action: 'DescribeTable',
      parameters: { TableName: tableName },
      physicalResourceId: PhysicalResourceId.of(`${tableName}-stream`),
      outputPaths: ['Table.LatestStreamArn'],
    };
    const lookup = new AwsCustomResource(this, `${pascalCase(name)}Stream`, {
      onCreate: describe,
      onUpdate: describe,
      policy: AwsCustomResourcePolicy.fromSdkCalls({ resources: [dynamodb.TableV2.fromTableName(this, `${pascalCase(name)}ToDescribe`, tableName).tableArn] }),
      installLatestAwsSdk: false,
    });
    acknowledgeOnStackSingleton(this, `AWS${AwsCustomResource.PROVIDER_FUNCTION_UUID.replaceAll('-', '')}`, [lambdaLogsPolicy]);
    return dynamodb.TableV2.fromTableAttributes(this, `${pascalCase(name)}Attached`, {
      tableName,
      tableStreamArn: lookup.getResponseField('Table.LatestStreamArn'),
    });
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
