import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, sendJson } from './http-utils';

/**
 * How a developer or a test makes a local stand-in fail on purpose (the
 * DynamoDB, S3 and SES stand-ins): `PUT /__control/failure` with
 * `{ "status": 503 }` answers every call with that status until
 * `DELETE /__control/failure`.
 */

export const failureControlPath = '/__control/failure';

export async function controlFailure(req: IncomingMessage, res: ServerResponse, setStatus: (status: number | undefined) => void) {
  if (req.method === 'DELETE') {
    req.resume();
    setStatus(undefined);
    return sendJson(res, 200, { ok: true, failure: null });
  }
  const read = await readBody(req, 1024);
  let status: unknown;
  try {
    status = read.tooLarge ? undefined : (JSON.parse(read.body.toString('utf8')) as { status?: unknown }).status;
  } catch {
    status = undefined;
  }
  if (req.method !== 'PUT' || typeof status !== 'number' || !Number.isInteger(status) || status < 400 || status > 599) {
    return sendJson(res, 400, { error: 'PUT { "status": 400-599 }, or DELETE to recover' });
  }
  setStatus(status);
  return sendJson(res, 200, { ok: true, failure: { status } });
}
