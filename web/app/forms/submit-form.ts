import type { ApiError, FieldProblem, SubmissionRequest, SubmissionResponse } from '../../../shared/api';
import type { SpamSignals } from '../../../shared/forms/anti-spam';
import type { FormData } from '../../../shared/forms/form-schema';
import type { Language } from '../../../shared/languages';

export type SubmitResult =
  | { ok: true; orderId: string }
  | { ok: false; status: number; code?: string; message?: string; fields?: { field: string; message: string }[] };

type SubmitAnswer = Partial<SubmissionResponse> & Partial<Pick<ApiError, 'error' | 'code'>> & { fields?: FieldProblem[] };

/**
 * Sends a submission to the API, with the form's spam signals (./anti-spam.tsx).
 * `message` is the server's text, already in the visitor's language.
 */
export async function submitForm(
  formId: string,
  data: FormData,
  submissionId: string,
  language: Language,
  signals: SpamSignals,
): Promise<SubmitResult> {
  const response = await fetch(`/api/forms/${encodeURIComponent(formId)}/submissions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': language },
    body: JSON.stringify({ data, submissionId, ...signals } satisfies SubmissionRequest),
  });
  const body = (await response.json().catch(() => ({}))) as SubmitAnswer;
  if (response.ok && body.orderId) return { ok: true, orderId: body.orderId };
  return { ok: false, status: response.status, code: body.code, message: body.error, fields: body.fields };
}

/**
 * Whether an answer refuses nothing, so the same submission goes again later
 * from the phone's outbox (docs/decisions/0017-orders-survive-the-network.md):
 * the API busy (429), unavailable or timed out (5xx, 408), or a 409 other than
 * `submissionIdReused` (being sent right now). A store that timed out may have
 * kept the order: the same submission id then answers as the first time.
 */
export function isSentAgainLater(result: SubmitResult): boolean {
  if (result.ok) return false;
  if (result.status >= 500 || result.status === 429 || result.status === 408) return true;
  return result.status === 409 && result.code !== 'submissionIdReused';
}

/** A random v4 UUID; crypto.randomUUID only exists on secure origins. */
export function newSubmissionId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
