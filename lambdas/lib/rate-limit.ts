import type { Logger } from '@aws-lambda-powertools/logger';
import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Language } from '../../shared/languages';
import type { ApiConfig } from './config';
import { errorResponse, type HttpResponse } from './http';

/**
 * A per-client rate limit on the public routes (docs/decisions/
 * 0011-honest-input-and-no-spam.md): one counter per client address, route
 * and minute in the rateLimits table, which DynamoDB deletes after the
 * minute (TTL). Many farmers may share one address behind their mobile
 * operator's NAT: an order carrying a valid start token counts against its
 * token (one submission per token, lambdas/forms/start-token-bindings.ts),
 * not here, so the address only meters what has no token.
 */
export const rateLimits = {
  /**
   * POST /api/forms/{formId}/submissions without a valid start token (none,
   * expired, another submission's) or sent sooner than the fill time after
   * it: a form sent before its token arrived on a weak line, an order kept on
   * the phone for over a day. A few a minute behind one address; a script
   * posting straight to the API is held to this.
   */
  tokenlessSubmissions: 10,
  /**
   * GET /api/forms/{formId}/start: each form opened asks for one, and so does
   * each "Add Another". 100 farmers behind one address, each opening three
   * forms in the same minute, stay under it.
   */
  startTokens: 300,
  /** POST /api/uploads (each request presigns up to a photo field's maxItems files) */
  uploads: 30,
} as const;

export type RateLimitedRoute = keyof typeof rateLimits;

/** The attribute DynamoDB's TTL reads (seconds since the epoch); the CDK stack names it on the table. */
export const rateLimitExpiryAttribute = 'expiresAt';

const windowMs = 60_000;

export type RateLimitAnswer = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  /** Counts one request of `client` on `route` and says whether it is within the limit. */
  take(route: RateLimitedRoute, client: string): Promise<RateLimitAnswer>;
}

interface Options {
  documents: DynamoDBDocumentClient;
  tableName: string;
  /** False when ANTI_SPAM is off: nothing is counted, everything is allowed. */
  enabled: boolean;
  /** Called when the counter could not be written; the request is then allowed. */
  onError(error: unknown): void;
  clock?: () => number;
}

export function createRateLimiter({ documents, tableName, enabled, onError, clock = Date.now }: Options): RateLimiter {
  return {
    async take(route, client) {
      if (!enabled) return { allowed: true };
      const now = clock();
      const window = Math.floor(now / windowMs);
      const windowEnd = (window + 1) * windowMs;
      let requests: number;
      try {
        const { Attributes } = await documents.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { counter: `${route}#${client}#${window}` },
            UpdateExpression: 'ADD requests :one SET #expiresAt = if_not_exists(#expiresAt, :expiresAt)',
            ExpressionAttributeNames: { '#expiresAt': rateLimitExpiryAttribute },
            // A minute's grace: TTL deletes late anyway, and an expired counter is never read again.
            ExpressionAttributeValues: { ':one': 1, ':expiresAt': Math.ceil(windowEnd / 1000) + 60 },
            ReturnValues: 'UPDATED_NEW',
          }),
        );
        requests = Number(Attributes?.requests ?? 1);
      } catch (error) {
        // A counter that cannot be written must not turn a farmer away.
        onError(error);
        return { allowed: true };
      }
      return requests <= rateLimits[route]
        ? { allowed: true }
        : { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((windowEnd - now) / 1000)) };
    },
  };
}

/** The rate limiter of a public handler: on the rateLimits table, on unless ANTI_SPAM is off, a counter it cannot write logged and let through. */
export function publicRateLimiter(
  documents: DynamoDBDocumentClient,
  config: Pick<ApiConfig, 'rateLimitsTable' | 'antiSpam'>,
  logger: Pick<Logger, 'warn'>,
): RateLimiter {
  return createRateLimiter({
    documents,
    tableName: config.rateLimitsTable,
    enabled: config.antiSpam,
    onError: (error) => logger.warn('The request could not be counted for the rate limit; it is let through', { error }),
  });
}

/** 429 with Retry-After, in the visitor's language. */
export function tooManyRequests(retryAfterSeconds: number, language: Language): HttpResponse {
  const response = errorResponse(429, 'tooManyRequests', language, { retryAfterSeconds });
  return { ...response, headers: { ...response.headers, 'retry-after': String(retryAfterSeconds) } };
}
