import type { StartResponse } from '../../../shared/api';
import { formStartPath, minimumFillMs, startTokenLifetimeMs } from '../../../shared/forms/anti-spam';

/**
 * A form's start token in the browser (docs/decisions/0011-honest-input-and-no-spam.md):
 * asked for when the form opens, and sent with the order once a person could
 * have filled the form since it arrived. A token belongs to the one order it
 * is sent with, so a new one is asked for after each.
 */

/** A start token as the browser keeps it: the server's text, and when it arrived by the phone's clock. */
export interface HeldStartToken {
  value: string;
  receivedAt: number;
}

/** How long Send waits for a token still on its way before the order goes without one. */
export const tokenWaitMs = 3_000;

/** A token is sent for a day less an hour after it arrived: the API takes it for a day from when it was issued. */
const usableForMs = startTokenLifetimeMs - 60 * 60 * 1000;

/** Whether a kept token (a draft's, from any version of the page) is still worth sending. */
export function isUsable(token: unknown, now = Date.now()): token is HeldStartToken {
  if (!token || typeof token !== 'object') return false;
  const { value, receivedAt } = token as Partial<HeldStartToken>;
  return typeof value === 'string' && typeof receivedAt === 'number' && now - receivedAt < usableForMs;
}

export interface StartTokenSource {
  /** The token that arrived last, if any. */
  readonly current: HeldStartToken | undefined;
  /** Asks for a token unless one is here and usable, or on its way. */
  ensure(): void;
  /** Drops the current token and asks for a new one: the last was sent with an order. */
  renew(): void;
  /** The current token, or the one on its way once it arrives; undefined when none comes within `waitMs`. */
  arrival(waitMs: number): Promise<HeldStartToken | undefined>;
}

export function createStartTokenSource(formId: string, fetchToken = fetchStartToken, clock = Date.now): StartTokenSource {
  let current: HeldStartToken | undefined;
  /** The request in flight; an answer to an older one is dropped. */
  let pending: object | undefined;
  const waiting = new Set<(token: HeldStartToken | undefined) => void>();

  const request = () => {
    const mine = {};
    pending = mine;
    current = undefined;
    void fetchToken(formId).then((value) => {
      if (pending !== mine) return;
      pending = undefined;
      current = value === undefined ? undefined : { value, receivedAt: clock() };
      for (const resolve of [...waiting]) resolve(current);
    });
  };

  return {
    get current() {
      return current;
    },
    ensure() {
      if (pending === undefined && !isUsable(current, clock())) request();
    },
    renew: request,
    arrival(waitMs) {
      if (current !== undefined || pending === undefined) return Promise.resolve(current);
      return new Promise((resolve) => {
        const done = (token: HeldStartToken | undefined) => {
          clearTimeout(timer);
          waiting.delete(done);
          resolve(token);
        };
        const timer = setTimeout(() => done(undefined), waitMs);
        waiting.add(done);
      });
    },
  };
}

/**
 * The token to send with an order, once a person could have filled the form
 * since it arrived: `kept` (a draft's) when it is still usable, else the
 * form's own, waited for a moment when it is still on its way. Meanwhile the
 * form says "sending". Undefined when none came: the order goes without.
 */
export async function heldUntilFilled(kept: HeldStartToken | undefined, source: StartTokenSource, clock = Date.now): Promise<HeldStartToken | undefined> {
  let token = isUsable(kept, clock()) ? kept : undefined;
  if (!token) {
    source.ensure();
    token = await source.arrival(tokenWaitMs);
  }
  const left = token ? token.receivedAt + minimumFillMs - clock() : 0;
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  return token;
}

async function fetchStartToken(formId: string): Promise<string | undefined> {
  try {
    const response = await fetch(formStartPath(formId));
    const body = response.ok ? ((await response.json()) as Partial<StartResponse>) : undefined;
    return typeof body?.startToken === 'string' ? body.startToken : undefined;
  } catch {
    return undefined;
  }
}
