import {
  CreateTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  waitUntilTableExists,
  type AttributeDefinition,
  type CreateTableCommandInput,
  type KeySchemaElement,
} from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createDocumentClient } from '../../lambdas/lib/aws-clients';
import { tableDefinitions, type TableDefinition, type TableName } from '../../lambdas/lib/tables';
import { startChildService } from './child-service';
import { localHost, reservePort } from './ports';
import type { ChildState } from './supervised-child';

/**
 * DynamoDB stand-in: dynalite on disk, with the tables of lambdas/lib/tables.ts,
 * in a child process (dynalite-child.ts) so that it gets a core of its own.
 * Like the relay stand-in it can be told to fail, to show what the visitor
 * sees when the store is down: `PUT /__control/failure` with
 * `{ "status": 503 }` answers every DynamoDB call with that status (the SDK
 * retries, then gives up), `DELETE /__control/failure` recovers.
 */

export interface LocalDynamoDb {
  endpoint: string;
  port: number;
  /** dynalite's process, restarted on the same port and data folder if it dies. */
  child: ChildState;
  close(): Promise<void>;
}

export async function startDynamoDb({ dir, port, log }: { dir: string; port: number; log?(line: string): void }): Promise<LocalDynamoDb> {
  await mkdir(dir, { recursive: true });
  const bound = await reservePort(port, 'DynamoDB (dynalite)');
  const service = await startChildService({
    service: 'DynamoDB (dynalite)',
    script: fileURLToPath(new URL('./dynalite-child.ts', import.meta.url)),
    // Resolved here: the child runs in the data folder, where no node_modules is.
    nodeFlags: ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href],
    port: bound,
    cwd: dir,
    env: { DYNALITE_SETTINGS: JSON.stringify({ path: dir, host: localHost, port: bound }) },
    log,
  });
  return { endpoint: `http://${localHost}:${bound}`, port: bound, child: service.child, close: service.close };
}

/** Local physical table names: the definitions' keys ("submissions", "products"). */
export function localTableNames(): Record<TableName, string> {
  const names = {} as Record<TableName, string>;
  for (const name of Object.keys(tableDefinitions) as TableName[]) names[name] = name;
  return names;
}

export function createDynamoDbClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({
    endpoint,
    region: 'eu-west-3',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

/** Creates the tables that do not exist yet; returns the names it created. */
export async function ensureTables(client: DynamoDBClient, names: Record<TableName, string>): Promise<string[]> {
  const existing = new Set<string>();
  let start: string | undefined;
  do {
    const page = await client.send(new ListTablesCommand({ ExclusiveStartTableName: start }));
    for (const name of page.TableNames ?? []) existing.add(name);
    start = page.LastEvaluatedTableName;
  } while (start);

  const created: string[] = [];
  for (const [logical, definition] of Object.entries(tableDefinitions) as [TableName, TableDefinition][]) {
    const physical = names[logical];
    if (existing.has(physical)) continue;
    await client.send(new CreateTableCommand(createTableInput(physical, definition)));
    await waitUntilTableExists({ client, maxWaitTime: 10, minDelay: 0.1, maxDelay: 0.5 }, { TableName: physical });
    created.push(physical);
  }
  return created;
}

/** BatchWriteItem's limit per call. */
const batchSize = 25;

/**
 * Puts the items into the table when it holds none (a first start, or a table
 * emptied since); returns how many it put. A restart never adds them twice.
 */
export async function seedTableIfEmpty(
  client: DynamoDBClient,
  tableName: string,
  items: Record<string, unknown>[],
): Promise<number> {
  const documents = createDocumentClient(client);
  const { Count } = await documents.send(new ScanCommand({ TableName: tableName, Select: 'COUNT', Limit: 1 }));
  if (Count) return 0;
  for (let start = 0; start < items.length; start += batchSize) {
    const batch = items.slice(start, start + batchSize).map((Item) => ({ PutRequest: { Item } }));
    // dynalite processes every item; AWS might not, but this runs only locally.
    await documents.send(new BatchWriteCommand({ RequestItems: { [tableName]: batch } }));
  }
  return items.length;
}

export function createTableInput(tableName: string, definition: TableDefinition): CreateTableCommandInput {
  const attributes = new Map<string, AttributeDefinition>();
  const keySchema = (partitionKey: TableDefinition['partitionKey'], sortKey?: TableDefinition['sortKey']) => {
    const keys: KeySchemaElement[] = [{ AttributeName: partitionKey.name, KeyType: 'HASH' }];
    attributes.set(partitionKey.name, { AttributeName: partitionKey.name, AttributeType: partitionKey.type });
    if (sortKey) {
      keys.push({ AttributeName: sortKey.name, KeyType: 'RANGE' });
      attributes.set(sortKey.name, { AttributeName: sortKey.name, AttributeType: sortKey.type });
    }
    return keys;
  };

  const tableKeys = keySchema(definition.partitionKey, definition.sortKey);
  const indexes = definition.indexes.map((index) => ({
    IndexName: index.name,
    KeySchema: keySchema(index.partitionKey, index.sortKey),
    Projection: { ProjectionType: 'ALL' as const },
  }));
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    KeySchema: tableKeys,
    AttributeDefinitions: [...attributes.values()],
    ...(indexes.length > 0 ? { GlobalSecondaryIndexes: indexes } : {}),
  };
}
