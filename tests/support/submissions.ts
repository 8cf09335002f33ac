import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { LocalStack } from '../../infra/local/stack';
import { sheetRows } from './sheets';

/** What the tests read of the local stack's submissions and of the sheets they were delivered to. */

/** A document client on the stack's DynamoDB; destroy it when done. */
export function documentClient(stack: LocalStack): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: stack.endpoints.dynamoDb,
      region: 'eu-west-3',
      credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    }),
  );
}

/** How many calls of each operation (`Query`, `Scan`…) the local DynamoDB has answered since it started. */
export async function storeCalls(stack: LocalStack): Promise<Record<string, number>> {
  return (await (await fetch(`${stack.endpoints.dynamoDb}/__control/calls`)).json()) as Record<string, number>;
}

/** The stored item of a submission id, index attributes included; undefined when nothing was stored. */
export async function storedSubmission(
  documents: DynamoDBDocumentClient,
  stack: LocalStack,
  submissionId: string,
): Promise<Record<string, unknown> | undefined> {
  const { Item } = await documents.send(
    new GetCommand({ TableName: stack.tables.submissions, Key: { orderId: submissionId.toLowerCase() } }),
  );
  return Item;
}

/** Once the delivery worker has written the submission's entries in the inbox's search index (a client of its own when none is given). */
export async function searchEntriesWritten(documents: DynamoDBDocumentClient | undefined, stack: LocalStack, submissionId: string): Promise<void> {
  if (!documents) {
    const own = documentClient(stack);
    try {
      return await searchEntriesWritten(own, stack, submissionId);
    } finally {
      own.destroy();
    }
  }
  await stack.deliveries.runNow();
  await expect
    .poll(async () => ((await storedSubmission(documents, stack, submissionId))?.deliveries as Record<string, { state: string }> | undefined)?.search?.state, {
      timeout: 15_000,
    })
    .toBe('sent');
}

/** The rows of a sheet whose first cell is `first`. */
export async function rowsStartingWith(stack: LocalStack, sheet: string, first: string): Promise<string[][]> {
  return (await sheetRows(stack.sheetsDir, sheet)).filter((row) => row[0] === first);
}

/**
 * The rows whose first cell is `first`, once the delivery worker has sent
 * `count` of them; a last run of the worker then shows any row sent twice.
 */
export async function deliveredRows(stack: LocalStack, sheet: string, first: string, count = 1): Promise<string[][]> {
  await expect.poll(() => rowsStartingWith(stack, sheet, first), { timeout: 15_000 }).toHaveLength(count);
  await stack.deliveries.runNow();
  return rowsStartingWith(stack, sheet, first);
}

/** Runs the delivery worker, then checks that no row of `first` reached the sheet. */
export async function expectNoRows(stack: LocalStack, sheet: string, first: string): Promise<void> {
  await stack.deliveries.runNow();
  expect(await rowsStartingWith(stack, sheet, first)).toEqual([]);
}

/** A tractor order sent to the public API in French, as a farmer's phone sends it, once its search entries are written; its id. */
export async function sendTractorOrder(stack: LocalStack, { fullName, phone }: { fullName: string; phone: string }): Promise<string> {
  const submissionId = randomUUID();
  const response = await fetch(`${stack.siteUrl}/api/forms/tractor-order/submissions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'fr' },
    body: JSON.stringify({ submissionId, data: { tractorModel: 'DI75 4x2', fullName, wilaya: 'Setif', phone } }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  await searchEntriesWritten(undefined, stack, submissionId);
  return submissionId;
}
