/**
 * What every form sends besides its data, so that the API can tell a bot's
 * submission from a person's (docs/decisions/0011-honest-input-and-no-spam.md).
 * A filled honeypot is a bot's: answered like any other, kept for staff,
 * never delivered. A submission sent too soon after its form opened is
 * delivered, marked for staff to check.
 */

/**
 * The time a person takes at least to fill a form in: read it, give a name
 * and a phone, pick a wilaya, even with autofill. The browser holds a
 * submission until this long after its start token arrived; the API marks
 * one sent sooner after its token was issued.
 */
export const minimumFillMs = 3_000;

/** How long a start token is good for; an older one counts as none. */
export const startTokenLifetimeMs = 24 * 60 * 60 * 1000;

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
