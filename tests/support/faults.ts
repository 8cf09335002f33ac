import type { Failure } from '../../infra/local/failure-control';
import type { RelayFailure, RelayStats } from '../../infra/local/sheet-relay';

/** Failures the local stand-ins take on command, to show what a visitor or the delivery worker then sees. */

/** Switches the local relay's failure mode (undefined: working again). */
export function setRelayFailure(relayUrl: string, failure: RelayFailure | undefined): Promise<void> {
  return control(relayUrl, failure);
}

/**
 * Makes every call to the local DynamoDB answer this status, or (`pause`) go
 * unanswered until it works again (undefined), when the calls held are answered.
 */
export function setStoreFailure(dynamoDbUrl: string, failure: Failure | undefined): Promise<void> {
  return control(dynamoDbUrl, failure);
}

/** Makes the local SES stand-in refuse every mail with this status (undefined: working again). */
export function setMailFailure(sesUrl: string, failure: { status: number } | undefined): Promise<void> {
  return control(sesUrl, failure);
}

/** Makes the functions' stand-in refuse every invocation, as Lambda does when it fails or throttles. */
export function setFunctionsFailure(lambdaUrl: string, failure: { status: number } | undefined): Promise<void> {
  return control(lambdaUrl, failure);
}

/** Makes every call to the local S3 answer this status (undefined: working again). */
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

/** What the local relay did since it started: append calls written (counted before they are answered), refused, too large. */
export async function relayStats(relayUrl: string): Promise<RelayStats> {
  return (await (await fetch(`${relayUrl}/__control/stats`)).json()) as RelayStats;
}

/** Waits until the relay has written the rows of a call after the `appends` it had counted (whether or not it has answered). */
export async function relayWroteCall(relayUrl: string, appends: number): Promise<void> {
  while ((await relayStats(relayUrl)).appends === appends) await new Promise((resolve) => setTimeout(resolve, 20));
}
