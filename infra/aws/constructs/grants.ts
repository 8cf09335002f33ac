import { Stack, Validations } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Grant, type IGrantable } from 'aws-cdk-lib/aws-iam';
import type { CfnBucket, IBucket } from 'aws-cdk-lib/aws-s3';
import type { IConstruct } from 'constructs';
import { tableDefinitions, type TableName } from '../../../lambdas/lib/tables';
import { arnParts } from '../nag';

/**
 * `actions` on one table of lambdas/lib/tables.ts. Unlike `table.grant`,
 * which adds every index (`index/*`) to any action, an item action gets the
 * table alone, and a Query the table and each of its indexes by name.
 */
export function grantOnTable(grantee: IGrantable, tables: Partial<Record<TableName, ITableV2>>, name: TableName, ...actions: string[]): void {
  const table = tables[name];
  if (!table) throw new Error(`no ${name} table to grant on`);
  const queries = actions.filter((action) => action === 'dynamodb:Query');
  const items = actions.filter((action) => action !== 'dynamodb:Query');
  if (items.length > 0) Grant.addToPrincipal({ grantee, actions: items, resourceArns: [table.tableArn] });
  if (queries.length > 0) {
    const indexes = tableDefinitions[name].indexes.map((index) => `${table.tableArn}/index/${index.name}`);
    Grant.addToPrincipal({ grantee, actions: queries, resourceArns: [table.tableArn, ...indexes] });
  }
}

/** `actions` on the objects under one prefix of a bucket, and nothing else of it. */
export function grantOnObjects(grantee: IGrantable, bucket: IBucket, prefix: string, ...actions: string[]): void {
  Grant.addToPrincipal({ grantee, actions, resourceArns: [bucket.arnForObjects(`${prefix}*`)] });
  // A bucket of this stack is named by its logical id; an attached one (../attach.ts) by its ARN.
  const bucketArn = bucket.node.defaultChild
    ? `<${Stack.of(bucket).getLogicalId(bucket.node.defaultChild as CfnBucket)}.Arn>`
    : `arn:${arnParts(bucket).partition}:s3:::${bucket.bucketName}`;
  // On the role the grant lands in (a function's role is a construct of its own).
  Validations.of(grantee.grantPrincipal as unknown as IConstruct).acknowledge({
    id: `AwsSolutions-IAM5[Resource::${bucketArn}/${prefix}*]`,
    reason: `Its objects are named under ${prefix} (random keys): the prefix is the narrowest resource (docs/decisions/0023)`,
  });
}
