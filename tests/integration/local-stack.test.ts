import {
  AuthFlowType,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { tableDefinitions, type TableDefinition } from '../../lambdas/lib/tables';
import type { LocalStack } from '../../infra/local/stack';
import { startTestStack } from '../support/local-stack';
import { makeTempDir, removeTempDir } from '../support/temp-dir';

/** The stack itself: tables, the admin's sign-in, and data kept across a restart. */

const credentials = { accessKeyId: 'test', secretAccessKey: 'test' };
let stack: LocalStack;
let dataDir: string;

beforeAll(async () => {
  ({ stack, dataDir } = await startTestStack());
});

afterAll(async () => {
  await stack?.stop();
  await removeTempDir(dataDir);
});

function dynamoDb(target: LocalStack) {
  return new DynamoDBClient({ endpoint: target.endpoints.dynamoDb, region: 'eu-west-3', credentials });
}

/** The key schema a table must have, written out from its definition. */
function expectedKeys(definition: TableDefinition) {
  const keys = (pk: TableDefinition['partitionKey'], sk?: TableDefinition['sortKey']) => [
    { AttributeName: pk.name, KeyType: 'HASH' },
    ...(sk ? [{ AttributeName: sk.name, KeyType: 'RANGE' }] : []),
  ];
  return {
    KeySchema: keys(definition.partitionKey, definition.sortKey),
    indexes: definition.indexes.map((index) => ({ IndexName: index.name, KeySchema: keys(index.partitionKey, index.sortKey) })),
  };
}

test('every table of lambdas/lib/tables.ts exists with its key schema and indexes', async () => {
  const client = dynamoDb(stack);
  try {
    for (const [name, definition] of Object.entries(tableDefinitions) as [keyof typeof tableDefinitions, TableDefinition][]) {
      const { Table } = await client.send(new DescribeTableCommand({ TableName: stack.tables[name] }));
      const expected = expectedKeys(definition);
      expect(Table?.TableStatus).toBe('ACTIVE');
      expect(Table?.KeySchema).toEqual(expected.KeySchema);
      expect((Table?.GlobalSecondaryIndexes ?? []).map(({ IndexName, KeySchema }) => ({ IndexName, KeySchema }))).toEqual(
        expected.indexes,
      );
    }
  } finally {
    client.destroy();
  }
});

test('the uploads bucket takes presigned uploads from the site, and lists page by page', async () => {
  const s3 = new S3Client({
    endpoint: stack.endpoints.s3,
    region: 'eu-west-3',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
  try {
    const prefix = `photos/${randomUUID()}/`;
    const upload = await getSignedUrl(s3, new PutObjectCommand({ Bucket: stack.bucket, Key: `${prefix}0.webp` }), {
      expiresIn: 60,
    });
    const preflight = (origin: string) =>
      fetch(upload, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'PUT' } });
    expect((await preflight(stack.siteUrl)).status).toBe(200);
    expect((await preflight('http://elsewhere.example')).status).toBe(403);
    const put = await fetch(upload, { method: 'PUT', body: 'image bytes', headers: { origin: stack.siteUrl } });
    expect(put.status).toBe(200);
    expect(put.headers.get('access-control-allow-origin')).toBe(stack.siteUrl);
    const stored = await s3.send(new GetObjectCommand({ Bucket: stack.bucket, Key: `${prefix}0.webp` }));
    expect(await stored.Body?.transformToString()).toBe('image bytes');

    for (const n of [1, 2]) await s3.send(new PutObjectCommand({ Bucket: stack.bucket, Key: `${prefix}${n}.webp`, Body: 'x' }));
    const first = await s3.send(new ListObjectsV2Command({ Bucket: stack.bucket, Prefix: prefix, MaxKeys: 2 }));
    const second = await s3.send(
      new ListObjectsV2Command({ Bucket: stack.bucket, Prefix: prefix, MaxKeys: 2, ContinuationToken: first.NextContinuationToken }),
    );
    expect([...(first.Contents ?? []), ...(second.Contents ?? [])].map((object) => object.Key)).toEqual(
      [0, 1, 2].map((n) => `${prefix}${n}.webp`),
    );
    expect(second.IsTruncated).toBe(false);
  } finally {
    s3.destroy();
  }
});

async function signIn(target: LocalStack, password: string) {
  const client = new CognitoIdentityProviderClient({ endpoint: target.endpoints.cognito, region: 'eu-west-3', credentials });
  try {
    const { AuthenticationResult } = await client.send(
      new InitiateAuthCommand({
        AuthFlow: AuthFlowType.USER_PASSWORD_AUTH,
        ClientId: target.cognito.clientId,
        AuthParameters: { USERNAME: target.admin.email, PASSWORD: password },
      }),
    );
    const payload = AuthenticationResult?.IdToken?.split('.')[1] ?? '';
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  } finally {
    client.destroy();
  }
}

test('the admin signs in with the printed credentials, and only with them', async () => {
  const claims = await signIn(stack, stack.admin.password);
  expect(claims).toMatchObject({ iss: stack.cognito.issuer, email: stack.admin.email });
  expect(stack.cognito.issuer).toBe(`${stack.endpoints.cognito}/${stack.cognito.userPoolId}`);

  // Cognito says NotAuthorizedException; cognito-local says InvalidPasswordException.
  await expect(signIn(stack, `${stack.admin.password}-wrong`)).rejects.toMatchObject({
    name: expect.stringMatching(/^(NotAuthorized|InvalidPassword)Exception$/),
  });
});

test('a second stack cannot take the same data folder or a port in use', async () => {
  await expect(startTestStack({ dataDir })).rejects.toThrow(/already used by a local stack/);

  const sitePort = Number(new URL(stack.siteUrl).port);
  const otherDir = await makeTempDir('stack');
  try {
    await expect(startTestStack({ dataDir: otherDir, sitePort })).rejects.toThrow(
      new RegExp(`Port ${sitePort} is already in use`),
    );
  } finally {
    await removeTempDir(otherDir);
  }
});

test('data and users survive a stop and start on the same data folder', async () => {
  const orderId = randomUUID();
  const client = dynamoDb(stack);
  const documents = DynamoDBDocumentClient.from(client);
  await documents.send(new PutCommand({ TableName: stack.tables.submissions, Item: { orderId, note: 'before restart' } }));
  client.destroy();
  const before = { admin: stack.admin, cognito: stack.cognito.userPoolId, client: stack.cognito.clientId };

  await stack.stop();
  await stack.stop(); // a second stop is harmless
  ({ stack } = await startTestStack({ dataDir }));

  const after = dynamoDb(stack);
  try {
    const { Item } = await DynamoDBDocumentClient.from(after).send(
      new GetCommand({ TableName: stack.tables.submissions, Key: { orderId } }),
    );
    expect(Item).toEqual({ orderId, note: 'before restart' });
  } finally {
    after.destroy();
  }
  expect({ admin: stack.admin, cognito: stack.cognito.userPoolId, client: stack.cognito.clientId }).toEqual(before);
  expect(await signIn(stack, stack.admin.password)).toMatchObject({ email: stack.admin.email });

  // The API works against the restarted services too (handlers see the new ports).
  const response = await fetch(`${stack.siteUrl}/api/forms/tractor-order/submissions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      submissionId: randomUUID(),
      data: { tractorModel: 'DI75 4x2', fullName: `After Restart ${orderId}`, wilaya: 'Oran', phone: '0661 00 00 00' },
    }),
  });
  expect(response.status).toBe(201);
});

test('a wiped Cognito state gets the staff pool and the same admin password back', async () => {
  const { admin, cognito } = stack;
  await stack.stop();
  await rm(path.join(dataDir, 'cognito', '.cognito'), { recursive: true, force: true });
  ({ stack } = await startTestStack({ dataDir }));

  expect(stack.admin).toEqual(admin);
  expect(stack.cognito.userPoolId).not.toBe(cognito.userPoolId);
  expect(await signIn(stack, admin.password)).toMatchObject({ iss: stack.cognito.issuer, email: admin.email });
});
