import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ApiConfig } from './config';

/** SDK clients built from configuration; only the endpoints differ locally. */
export function createDynamoDbClient(config: ApiConfig): DynamoDBClient {
  return new DynamoDBClient({ region: config.region, endpoint: config.dynamoDbEndpoint });
}

export function createDocumentClient(client: DynamoDBClient): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
}
