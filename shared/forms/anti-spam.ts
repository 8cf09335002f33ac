/**
 * What every form sends besides its data, so that the API can tell a bot's
 * submission from a person's (docs/decisions/0011-honest-input-and-no-spam.md).
 * A submission judged a bot's is answered like any other and kept for staff,
 * never delivered.
 */
export interface SpamSignals {
  /** The value of the form's hidden honeypot input: empty, unless a bot filled every input it found. */
  honeypot?: string;
  /** The token `GET formStartPath(formId)` gave when the form opened; absent when it has not arrived. */
  startToken?: string;
}

/** Where a form fetches its start token, in the background, when it opens. */
export function formStartPath(formId: string): string {
  return `/api/forms/${encodeURIComponent(formId)}/start`;
}
