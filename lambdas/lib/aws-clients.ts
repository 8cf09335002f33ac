import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { LambdaClient } from '@aws-sdk/client-lambda';
import { S3Client } from '@aws-sdk/client-s3';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ApiConfig } from './config';
import { tracer } from './tracer';

/** SDK clients built from configuration, traced in AWS (./tracer.ts); only the endpoints differ locally. */
export function createDynamoDbClient(config: ApiConfig): DynamoDBClient {
  // Single items answer in milliseconds; the longest calls (the delivery worker's pages of 1,000 due orders) well under a second.
  return tracer.captureAWSv3Client(new DynamoDBClient({ region: config.region, endpoint: config.dynamoDbEndpoint, ...timeouts(3_000) }));
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
      // The largest bodies: an order's photos and the publisher's pictures (a few MB), the staff's exports.
      ...timeouts(10_000),
    }),
  );
}

export function createSesClient(config: ApiConfig): SESv2Client {
  return tracer.captureAWSv3Client(
    new SESv2Client({
      region: config.region,
      endpoint: config.sesEndpoint,
      // A mail that hangs must not hold the delivery worker's run.
      ...timeouts(10_000),
    }),
  );
}

export function createCognitoClient(config: ApiConfig): CognitoIdentityProviderClient {
  // The admin's look-ups of staff e-mail addresses: a user at a time.
  return tracer.captureAWSv3Client(new CognitoIdentityProviderClient({ region: config.region, endpoint: config.cognitoEndpoint, ...timeouts(3_000) }));
}

export function createSecretsManagerClient({ region }: Pick<ApiConfig, 'region'>): SecretsManagerClient {
  // The secrets read at run time (./rotating-secret.ts, the relay URLs): small values, read a few times an hour.
  return tracer.captureAWSv3Client(new SecretsManagerClient({ region, ...timeouts(3_000) }));
}

export function createLambdaClient(config: ApiConfig): LambdaClient {
  // A preview waits for the publisher to render a page: within its route's 29 s, a cold start included.
  return tracer.captureAWSv3Client(new LambdaClient({ region: config.region, endpoint: config.lambdaEndpoint, ...timeouts(25_000) }));
}

/**
 * How long one attempt of a call may take: to connect, and from the call to
 * its answer's headers (waiting for a socket of the pool included). Without
 * these a service that does not answer holds the function until Lambda stops
 * it; the SDK only logs a warning past `requestTimeout` unless told to throw.
 * A timed-out attempt is retried (3 attempts in all), so a service that does
 * not answer costs about three times `requestTimeout`; a visitor's request
 * also has an overall deadline (./request-deadline.ts). A connection inside
 * an AWS region takes milliseconds: a second is a dead endpoint.
 */
function timeouts(requestTimeout: number) {
  return { requestHandler: { connectionTimeout: 1_000, requestTimeout, throwOnRequestTimeout: true } };
}
