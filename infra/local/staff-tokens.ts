import { JwtVerifier } from 'aws-jwt-verify';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import type { Fetcher } from 'aws-jwt-verify/https';

/**
 * What API Gateway's JWT authorizer does in AWS, against cognito-local's keys
 * (docs/decisions/0009-staff-sign-in-and-roles.md): the bearer token must be
 * signed by the pool's key, from the pool's issuer, for the app client
 * (`aud`, or `client_id` for access tokens, which have no `aud`), and not
 * expired. Its claims then reach the handler as API Gateway passes them:
 * every value a string, lists as "[a b]".
 */

export interface StaffTokenVerifierOptions {
  /** `http://127.0.0.1:<port>/<userPoolId>` */
  issuer: string;
  clientId: string;
}

/** The authorizer's output for a request: its claims, or undefined to answer 401. */
export type VerifyStaffToken = (authorization: string | undefined) => Promise<JwtAuthorizerContext | undefined>;

export interface JwtAuthorizerContext {
  claims: Record<string, string>;
  scopes: string[] | null;
}

/** aws-jwt-verify's own fetcher refuses http; cognito-local serves its keys over http on loopback. */
const loopbackFetcher: Fetcher = {
  async fetch(uri) {
    const response = await fetch(uri);
    if (!response.ok) throw new Error(`${uri} answered ${response.status}`);
    return response.arrayBuffer();
  },
};

export function createStaffTokenVerifier({ issuer, clientId }: StaffTokenVerifierOptions): VerifyStaffToken {
  const verifier = JwtVerifier.create(
    {
      issuer,
      jwksUri: `${issuer}/.well-known/jwks.json`,
      // Access tokens carry the client in client_id, ID tokens in aud: API Gateway takes either.
      audience: null,
      customJwtCheck: ({ payload }) => {
        const audiences = [payload.aud ?? payload.client_id].flat();
        if (!audiences.includes(clientId)) throw new Error('The token was not issued to the admin app client');
      },
    },
    { jwksCache: new SimpleJwksCache({ fetcher: loopbackFetcher }) },
  );

  return async (authorization) => {
    // API Gateway takes the header's value with or without the "Bearer " prefix.
    const token = authorization?.replace(/^Bearer\s+/i, '').trim();
    if (!token) return undefined;
    try {
      const payload = await verifier.verify(token);
      return {
        claims: Object.fromEntries(Object.entries(payload).map(([name, value]) => [name, claimText(value)])),
        scopes: typeof payload.scope === 'string' ? payload.scope.split(' ') : null,
      };
    } catch {
      return undefined;
    }
  };
}

/** A claim as API Gateway passes it to the function: `["admin","staff"]` becomes "[admin staff]". */
function claimText(value: unknown): string {
  if (Array.isArray(value)) return `[${value.join(' ')}]`;
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}
