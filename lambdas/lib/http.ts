import type { ApiError } from '../../shared/api';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { languageFromHeader, type Language, type Localized } from '../../shared/languages';
import { message, type MessageKey } from './messages';

export type HttpResponse = APIGatewayProxyStructuredResultV2;

export function json(statusCode: number, body: unknown): HttpResponse {
  return {
    statusCode,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
    body: JSON.stringify(body),
  };
}

/** An error answer: `{ error, code, ...details }` with the message in the visitor's language. */
export function errorResponse(
  statusCode: number,
  code: MessageKey,
  language: Language,
  details: Record<string, unknown> = {},
): HttpResponse {
  const answer: ApiError = { error: message(code, language), code, ...details };
  return json(statusCode, answer);
}

/** An error answer whose text comes from elsewhere (e.g. the shared upload messages). */
export function localizedErrorResponse(
  statusCode: number,
  code: string,
  text: Localized,
  language: Language,
  details: Record<string, unknown> = {},
): HttpResponse {
  return json(statusCode, { error: text[language], code, ...details });
}

/** The visitor's language, as the site sends it in Accept-Language. */
export function requestLanguage(event: APIGatewayProxyEventV2): Language {
  return languageFromHeader(event.headers['accept-language']);
}

export type BodyResult = { ok: true; value: unknown } | { ok: false; response: HttpResponse };

/** Deeper than any request of this API (a form's photo list is at depth 3). */
const maxJsonDepth = 16;

/**
 * Parses a JSON body no larger than `maxBytes` and no deeper than
 * `maxJsonDepth`, answering 413/415/400 otherwise. The depth is checked
 * before parsing, so that no later step can recurse too deep.
 */
export function readJsonBody(event: APIGatewayProxyEventV2, language: Language, maxBytes: number): BodyResult {
  const contentType = event.headers['content-type'] ?? '';
  if (!/^application\/json\b/i.test(contentType)) {
    return { ok: false, response: errorResponse(415, 'notJson', language) };
  }
  const raw = event.isBase64Encoded ? Buffer.from(event.body ?? '', 'base64') : Buffer.from(event.body ?? '', 'utf8');
  if (raw.byteLength > maxBytes) {
    return { ok: false, response: errorResponse(413, 'bodyTooLarge', language, { maxBytes }) };
  }
  const text = raw.toString('utf8');
  if (jsonNestingDepth(text) > maxJsonDepth) {
    return { ok: false, response: errorResponse(400, 'nestedTooDeep', language, { maxDepth: maxJsonDepth }) };
  }
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, response: errorResponse(400, 'invalidJson', language) };
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** How deep arrays and objects nest in a JSON text (valid or not), in one pass without recursion. */
export function jsonNestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (inString) {
      if (char === '\\') i++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '[' || char === '{') deepest = Math.max(deepest, ++depth);
    else if (char === ']' || char === '}') depth--;
  }
  return deepest;
}
