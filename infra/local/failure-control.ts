import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { readBody, sendJson } from './http-utils';

/**
 * How a developer or a test makes a local stand-in fail on purpose (the
 * DynamoDB, S3 and SES stand-ins): `PUT /__control/failure` with
 * `{ "status": 503 }` answers every call with that status until
 * `DELETE /__control/failure`. The DynamoDB stand-in also takes
 * `{ "pause": true }`: it holds every call unanswered, as a store that hangs,
 * and answers them once it recovers; and beside a status, `"operation":
 * "UpdateItem"` (only those calls fail) and `"every": 3` (only every third of
 * them), for a store that fails now and then.
 */

export const failureControlPath = '/__control/failure';

/** What a stand-in is told to do instead of its work. */
export type Failure = { status: number; operation?: string; every?: number } | { pause: true };

export async function controlFailure(req: IncomingMessage, res: ServerResponse, setStatus: (status: number | undefined) => void) {
  return controlAnyFailure(req, res, false, (failure) => setStatus(failure && 'status' in failure ? failure.status : undefined));
}

/** Like controlFailure, for a stand-in that can also pause. */
export async function controlFailureOrPause(req: IncomingMessage, res: ServerResponse, setFailure: (failure: Failure | undefined) => void) {
  return controlAnyFailure(req, res, true, setFailure);
}

async function controlAnyFailure(req: IncomingMessage, res: ServerResponse, canPause: boolean, setFailure: (failure: Failure | undefined) => void) {
  if (req.method === 'DELETE') {
    req.resume();
    setFailure(undefined);
    return sendJson(res, 200, { ok: true, failure: null });
  }
  const read = await readBody(req, 1024);
  let asked: { status?: unknown; pause?: unknown; operation?: unknown; every?: unknown } = {};
  try {
    asked = read.tooLarge ? {} : (JSON.parse(read.body.toString('utf8')) as typeof asked) ?? {};
  } catch {
    asked = {};
  }
  const { status, pause, operation, every } = asked;
  const some = {
    ...(canPause && typeof operation === 'string' && /^[A-Za-z]{1,40}$/.test(operation) ? { operation } : {}),
    ...(canPause && typeof every === 'number' && Number.isInteger(every) && every >= 1 ? { every } : {}),
  };
  const failure: Failure | undefined =
    canPause && pause === true
      ? { pause: true }
      : typeof status === 'number' && Number.isInteger(status) && status >= 400 && status <= 599
        ? { status, ...some }
        : undefined;
  if (req.method !== 'PUT' || !failure) {
    const usage = canPause ? 'PUT { "status": 400-599 } or { "pause": true }' : 'PUT { "status": 400-599 }';
    return sendJson(res, 400, { error: `${usage}, or DELETE to recover` });
  }
  setFailure(failure);
  return sendJson(res, 200, { ok: true, failure });
}

/**
 * The calls a paused stand-in holds. Each call's body is read at once, as a
 * service that hangs has received it, and the call is answered once the
 * stand-in resumes, also when its caller gave up meanwhile: a write whose
 * caller timed out may still be applied, as it may be in AWS.
 */
export function createHeldCalls() {
  let held: (() => void)[] | undefined;
  return {
    get paused(): boolean {
      return held !== undefined;
    },
    pause(): void {
      held ??= [];
    },
    hold(req: IncomingMessage, answer: (request: IncomingMessage) => void): void {
      const read = readBody(req, maxHeldBodyBytes);
      (held ??= []).push(() => {
        read.then((body) => !body.tooLarge && answer(replayed(req, body.body))).catch(() => undefined);
      });
    },
    resume(): void {
      const waiting = held ?? [];
      held = undefined;
      waiting.forEach((answer) => answer());
    },
  };
}

/** DynamoDB's largest request. */
const maxHeldBodyBytes = 16 * 1024 * 1024;

/** The request as it came, its body read again from the start. */
function replayed(req: IncomingMessage, body: Buffer): IncomingMessage {
  return Object.assign(Readable.from([body]), { headers: req.headers, method: req.method, url: req.url }) as unknown as IncomingMessage;
}
