import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Grant, type IGrantable } from 'aws-cdk-lib/aws-iam';
import { tableDefinitions, type TableName } from '../../../lambdas/lib/tables';

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
