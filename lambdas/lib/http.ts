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
  return json(statusCode, { error: message(code, language), code, ...details });
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

/** Parses a JSON body no larger than `maxBytes`, answering 413/415/400 otherwise. */
export function readJsonBody(event: APIGatewayProxyEventV2, language: Language, maxBytes: number): BodyResult {
  const contentType = event.headers['content-type'] ?? '';
  if (!/^application\/json\b/i.test(contentType)) {
    return { ok: false, response: errorResponse(415, 'notJson', language) };
  }
  const raw = event.isBase64Encoded ? Buffer.from(event.body ?? '', 'base64') : Buffer.from(event.body ?? '', 'utf8');
  if (raw.byteLength > maxBytes) {
    return { ok: false, response: errorResponse(413, 'bodyTooLarge', language, { maxBytes }) };
  }
  try {
    return { ok: true, value: JSON.parse(raw.toString('utf8')) };
  } catch {
    return { ok: false, response: errorResponse(400, 'invalidJson', language) };
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
