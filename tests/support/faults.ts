import type { RelayFailure } from '../../infra/local/sheet-relay';

/** Failures the local stand-ins take on command, to show what a visitor or the delivery worker then sees. */

/** Switches the local relay's failure mode (undefined: working again). */
export function setRelayFailure(relayUrl: string, failure: RelayFailure | undefined): Promise<void> {
  return control(relayUrl, failure);
}

/** Makes every call to the local DynamoDB answer this status (undefined: working again). */
export function setStoreFailure(dynamoDbUrl: string, failure: { status: number } | undefined): Promise<void> {
  return control(dynamoDbUrl, failure);
}

/** Makes the local SES stand-in refuse every mail with this status (undefined: working again). */
export function setMailFailure(sesUrl: string, failure: { status: number } | undefined): Promise<void> {
  return control(sesUrl, failure);
}

/** Makes every call to the local S3 answer this status (undefined: working again). */
/** Makes the functions' stand-in refuse every invocation, as Lambda does when it fails or throttles. */
export function setFunctionsFailure(lambdaUrl: string, failure: { status: number } | undefined): Promise<void> {
  return control(lambdaUrl, failure);
}

export function setS3Failure(s3Url: string, failure: { status: number } | undefined): Promise<void> {
  return control(s3Url, failure);
}

async function control(serviceUrl: string, failure: object | undefined): Promise<void> {
  const response = await fetch(`${serviceUrl}/__control/failure`, {
    method: failure ? 'PUT' : 'DELETE',
    headers: { 'content-type': 'application/json' },
    body: failure ? JSON.stringify(failure) : undefined,
  });
  if (!response.ok) throw new Error(`${serviceUrl} control answered ${response.status}`);
}
