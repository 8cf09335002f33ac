import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { AwsCustomResource, AwsCustomResourcePolicy, PhysicalResourceId } from 'aws-cdk-lib/custom-resources';
import { acknowledgeOnStackSingleton, lambdaLogsPolicy } from '../nag';
import { Construct } from 'constructs';

export interface ProductsSeedProps {
  table: ITableV2;
  /** Items as the API stores them (plain strings, numbers, booleans and maps). */
  items: Record<string, unknown>[];
}

/** BatchWriteItem's limit per call. */
const maxItems = 25;

/**
 * Puts the seed products into the products table once, when the stack is
 * created. There is no onUpdate: later deploys, even with other seed data,
 * leave the staff's edits alone; and no onDelete: the products stay with the
 * (retained) table. A new logical id (construct moved or renamed) seeds again.
 */
export class ProductsSeed extends Construct {
  readonly resource: AwsCustomResource;

  constructor(scope: Construct, id: string, { table, items }: ProductsSeedProps) {
    super(scope, id);
    if (items.length > maxItems) throw new Error(`The products seed has ${items.length} items; one BatchWriteItem takes ${maxItems}`);

    this.resource = new AwsCustomResource(this, 'BatchWrite', {
      onCreate: {
        service: 'DynamoDB',
        action: 'BatchWriteItem',
        parameters: {
          RequestItems: { [table.tableName]: items.map((item) => ({ PutRequest: { Item: attributeMap(item) } })) },
        },
        physicalResourceId: PhysicalResourceId.of('products-seed'),
      },
      policy: AwsCustomResourcePolicy.fromSdkCalls({ resources: [table.tableArn] }),
      // The runtime's SDK has BatchWriteItem; installing the latest would need npm and a network at deploy time.
      installLatestAwsSdk: false,
    });
    acknowledgeOnStackSingleton(this, `AWS${AwsCustomResource.PROVIDER_FUNCTION_UUID.replaceAll('-', '')}`, [lambdaLogsPolicy]);
  }
}

/**
 * The low-level API takes typed attribute values. lib-dynamodb converts only
 * inside its own client, and its converter package is not a dependency here.
 */
function attributeMap(item: object): Record<string, AttributeValue> {
  return Object.fromEntries(Object.entries(item).map(([name, value]) => [name, attributeValue(value)]));
}

function attributeValue(value: unknown): AttributeValue {
  if (typeof value === 'string') return { S: value };
  if (typeof value === 'number') return { N: String(value) };
  if (typeof value === 'boolean') return { BOOL: value };
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return { M: attributeMap(value) };
  throw new Error(`The products seed holds a value DynamoDB cannot take as is: ${JSON.stringify(value)}`);
}
