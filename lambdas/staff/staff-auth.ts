import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { Language } from '../../shared/languages';
import { routeOf, type StaffRole } from '../routes';
import { errorResponse, json, type HttpResponse } from '../lib/http';

/**
 * Who is calling an admin route, and whether their groups allow it
 * (docs/decisions/0009-staff-sign-in-and-roles.md). The token itself was
 * checked before the handler runs, by API Gateway's JWT authorizer in AWS and
 * by the local adapter; its claims arrive in
 * `requestContext.authorizer.jwt.claims`, as strings.
 */

export interface Caller {
  /** The Cognito user name (`username` claim of the access token). */
  username: string;
  groups: string[];
}

export type CallerCheck = { ok: true; caller: Caller } | { ok: false; response: HttpResponse };

/** The groups each route requirement needs: every admin is also staff. */
const requiredGroups: Record<StaffRole, StaffRole[]> = { staff: ['staff'], admin: ['staff', 'admin'] };

/**
 * The caller of an admin route, or the answer refusing them: 401 without
 * verified claims (the authorizer is missing: never answer as if signed in),
 * 403 when a group the route needs is missing. A route this handler does not
 * know needs the most.
 */
export function authorizeCaller(event: APIGatewayProxyEventV2, language: Language): CallerCheck {
  const claims = jwtClaims(event);
  const username = claims?.username ?? claims?.['cognito:username'];
  if (!claims || typeof username !== 'string' || username === '') {
    return { ok: false, response: json(401, { message: 'Unauthorized' }) };
  }
  const groups = parseGroups(claims['cognito:groups']);
  const needed = requiredGroups[routeOf(event.routeKey)?.auth ?? 'admin'];
  if (!needed.every((group) => groups.includes(group))) {
    return { ok: false, response: errorResponse(403, 'forbidden', language, { requiredGroups: needed }) };
  }
  return { ok: true, caller: { username, groups } };
}

function jwtClaims(event: APIGatewayProxyEventV2): Record<string, unknown> | undefined {
  const context = event.requestContext as { authorizer?: { jwt?: { claims?: Record<string, unknown> } } };
  return context.authorizer?.jwt?.claims;
}

/**
 * `cognito:groups` as API Gateway passes it, the string `"[admin staff]"`, or
 * as a list (a token's own claim).
 */
export function parseGroups(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((group): group is string => typeof group === 'string');
  if (typeof value !== 'string') return [];
  return value
    .replace(/^\s*\[/, '')
    .replace(/\]\s*$/, '')
    .split(/[\s,]+/)
    .filter(Boolean);
}
