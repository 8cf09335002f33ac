import type { RateLimitAnswer, RateLimiter } from '../lib/rate-limit';
import { spamVerdict, type Verdict } from './spam-verdict';
import type { StartTokenBindings } from './start-token-bindings';
import type { StartTokens } from './start-tokens';

/**
 * The anti-spam rules a valid submission passes before it is stored
 * (docs/decisions/0011-honest-input-and-no-spam.md):
 * - its start token is checked (this form's, less than a day old) and bound
 *   to it: a token another submission holds counts as none;
 * - the verdict: a filled honeypot is spam, a fill time too short a mark
 *   for staff;
 * - the budget: a submission with its own token, sent after the fill time,
 *   is counted against that token alone; any other counts against its
 *   address's small budget of submissions without a token.
 * With ANTI_SPAM off nothing is judged, bound or counted.
 */

export type GuardAnswer = { allowed: true; verdict: Verdict } | Extract<RateLimitAnswer, { allowed: false }>;

interface Dependencies {
  enabled: boolean;
  startTokens: StartTokens;
  bindings: StartTokenBindings;
  rateLimiter: RateLimiter;
  /** Called when a token's binding could not be written; the token is then taken as the submission's. */
  onError(error: unknown): void;
  clock?: () => number;
}

export interface GuardedSubmission {
  formId: string;
  /** The submission id, lower-case. */
  submissionId: string;
  /** What the form sent besides its data (shared/forms/anti-spam.ts), unchecked. */
  signals: { honeypot: unknown; startToken: unknown };
  /** The client's address key (lambdas/lib/client-address.ts). */
  client: string;
}

export function createSubmissionGuard({ enabled, startTokens, bindings, rateLimiter, onError, clock = Date.now }: Dependencies) {
  const ownToken = async (startToken: unknown, formId: string, submissionId: string) => {
    const token = await startTokens.verify(startToken, formId);
    if (!token) return undefined;
    try {
      return (await bindings.bind(token, submissionId)) ? token : undefined;
    } catch (error) {
      // Like a counter that cannot be written: the farmer is not turned away for it.
      onError(error);
      return token;
    }
  };

  return async ({ formId, submissionId, signals, client }: GuardedSubmission): Promise<GuardAnswer> => {
    if (!enabled) return { allowed: true, verdict: {} };
    const token = await ownToken(signals.startToken, formId, submissionId);
    const verdict = spamVerdict({ honeypot: signals.honeypot, startedAt: token?.issuedAt }, clock());
    // A token fetched and spent at once is what a script does: it buys nothing over the address's budget.
    if (token && !verdict.check) return { allowed: true, verdict };
    const limit = await rateLimiter.take('tokenlessSubmissions', client);
    return limit.allowed ? { allowed: true, verdict } : limit;
  };
}

export type SubmissionGuard = ReturnType<typeof createSubmissionGuard>;
