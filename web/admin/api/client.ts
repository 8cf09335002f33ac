import { useMemo } from 'react';
import type { ApiError } from '../../../shared/admin-api';
import type { Language } from '../../../shared/languages';
import { useLanguage } from '../../shared/i18n/language';
import { accessToken, endSession } from '../auth/session';
import { adminText } from '../texts';

/**
 * Calls `/api/admin/*` (shared/admin-api.ts) with the staff member's access
 * token and language. A refused token (401) ends the session, which sends
 * the staff member to the sign-in page and back here afterwards; other
 * failures throw an {@link AdminApiError} whose message is the API's own, in
 * the staff member's language.
 */

export class AdminApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The API's answer, with its `code` and details (e.g. the current order of a 409). */
    readonly body?: Partial<ApiError>,
  ) {
    super(message);
    this.name = 'AdminApiError';
  }

  get code(): string | undefined {
    return this.body?.code;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

export async function adminRequest<T>(path: string, language: Language, { method = 'GET', body, signal }: RequestOptions = {}): Promise<T> {
  let token: string | undefined;
  try {
    token = await accessToken();
  } catch {
    // An expired token whose renewal could not reach the user pool: the session stays, this call fails.
    throw new AdminApiError(0, adminText.networkError[language]);
  }
  if (!token) {
    await endSession({ expired: true });
    throw new AdminApiError(401, adminText.sessionEnded[language]);
  }
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, 'accept-language': language, accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(`/api/admin${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new AdminApiError(0, adminText.networkError[language]);
  }
  if (response.status === 401) {
    await endSession({ expired: true });
    throw new AdminApiError(401, adminText.sessionEnded[language]);
  }
  if (response.status === 204) return undefined as T;
  const answer = (await response.json().catch(() => undefined)) as unknown;
  if (!response.ok) {
    const error = typeof answer === 'object' && answer !== null ? (answer as Partial<ApiError>) : undefined;
    throw new AdminApiError(response.status, typeof error?.error === 'string' ? error.error : adminText.anError[language], error);
  }
  return answer as T;
}

/** `adminRequest` in the staff member's current language. */
export function useAdminRequest() {
  const language = useLanguage();
  return useMemo(
    () =>
      <T>(path: string, options?: RequestOptions) =>
        adminRequest<T>(path, language, options),
    [language],
  );
}

/** A query string of the set values only: `{ form: 'tractor-order', phone: undefined }` → `?form=tractor-order`. */
export function queryString(values: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) if (value !== undefined && value !== '') params.set(name, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}
