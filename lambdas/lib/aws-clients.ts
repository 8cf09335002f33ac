import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { LambdaClient } from '@aws-sdk/client-lambda';
import { S3Client } from '@aws-sdk/client-s3';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ApiConfig } from './config';
import { tracer } from './tracer';

/** SDK clients built from configuration, traced in AWS (./tracer.ts); only the endpoints differ locally. */
export function createDynamoDbClient(config: ApiConfig): DynamoDBClient {
  return tracer.captureAWSv3Client(new DynamoDBClient({ region: config.region, endpoint: config.dynamoDbEndpoint }));
}

export function createDocumentClient(client: DynamoDBClient): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
}

export function createS3Client(config: ApiConfig): S3Client {
  return tracer.captureAWSv3Client(
    new S3Client({
      region: config.region,
      endpoint: config.s3Endpoint,
      // The local s3rver serves buckets as paths, not as host names.
      forcePathStyle: config.s3Endpoint !== undefined,
      // Otherwise presigned PUT URLs carry the CRC32 of an empty body and the upload fails.
      requestChecksumCalculation: 'WHEN_REQUIRED',
    }),
  );
}

export function createSesClient(config: ApiConfig): SESv2Client {
  return tracer.captureAWSv3Client(
    new SESv2Client({
      region: config.region,
      endpoint: config.sesEndpoint,
      // A mail that hangs must not hold the delivery worker's run.
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 10_000 },
    }),
  );
}

export function createCognitoClient(config: ApiConfig): CognitoIdentityProviderClient {
  return tracer.captureAWSv3Client(new CognitoIdentityProviderClient({ region: config.region, endpoint: config.cognitoEndpoint }));
}

export function createLambdaClient(config: ApiConfig): LambdaClient {
  return tracer.captureAWSv3Client(new LambdaClient({ region: config.region, endpoint: config.lambdaEndpoint }));
}
