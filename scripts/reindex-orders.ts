/**
 * npm run orders:reindex -- [--stage dev | --stack AgriDealer-dev]
 *
 * Writes the inbox's search entries of every order of a deployed stage again
 * (docs/decisions/0022-the-dealers-inbox.md): once after the first deploy
 * that brings the search to a stage that already holds orders, or if the
 * search table was lost. It reads the orders through their byList index and
 * may be run again at any time. The local stack does this by itself when it
 * creates the search table beside stored orders.
 */
import { CloudFormationClient, DescribeStackResourcesCommand } from '@aws-sdk/client-cloudformation';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { parseArgs } from 'node:util';
import { pascalCase, stackName, stageOf } from '../infra/aws/naming';
import { createFormRegistry } from '../lambdas/forms/form-registry';
import type { TableName } from '../lambdas/lib/tables';
import { reindexOrders } from '../lambdas/submissions/reindex-orders';
import { createOrderSearchIndex } from '../lambdas/submissions/search-index';
import { formSchemasDir } from './lib/paths';
import { awsSession, operatorClientOptions, stopWithoutAccount } from './lib/aws-session';

const { values } = parseArgs({ options: { stage: { type: 'string', default: 'dev' }, stack: { type: 'string' } } });
const stack = values.stack ?? stackName(stageOf(values.stage));

const answer = await awsSession();
if ('missing' in answer) stopWithoutAccount('npm run orders:reindex', answer.missing, 'No order was indexed.');

const tables = await tableNames(stack);
const client = DynamoDBDocumentClient.from(new DynamoDBClient({}));
const forms = createFormRegistry(formSchemasDir);
const schemaOf = async (formId: string) => (await forms.get(formId))?.schema;
try {
  const searchIndex = createOrderSearchIndex(client, { orderSearchTable: tables.orderSearch, submissionsTable: tables.submissions }, schemaOf);
  const indexed = await reindexOrders(client, tables.submissions, searchIndex, schemaOf);
  console.log(`Wrote the search entries of ${indexed} orders of ${stack}.`);
} finally {
  client.destroy();
}

/** The physical names of the orders' and the search's tables, from the stack's resources (Database/<Table>). */
async function tableNames(name: string): Promise<Record<Extract<TableName, 'submissions' | 'orderSearch'>, string>> {
  const cloudFormation = new CloudFormationClient(operatorClientOptions);
  try {
    const { StackResources = [] } = await cloudFormation.send(new DescribeStackResourcesCommand({ StackName: name }));
    const find = (table: TableName) => {
      const resource = StackResources.find(
        (candidate) => candidate.ResourceType === 'AWS::DynamoDB::GlobalTable' && candidate.LogicalResourceId?.startsWith(`Database${pascalCase(table)}`),
      );
      if (!resource?.PhysicalResourceId) throw new Error(`${name} has no ${table} table: has this version been deployed (npm run deploy)?`);
      return resource.PhysicalResourceId;
    };
    return { submissions: find('submissions'), orderSearch: find('orderSearch') };
  } finally {
    cloudFormation.destroy();
  }
}
