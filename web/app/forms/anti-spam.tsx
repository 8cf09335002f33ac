import type { StartResponse } from '../../../shared/api';
import { useEffect, useRef, type RefObject } from 'react';
import { formStartPath, type SpamSignals } from '../../../shared/forms/anti-spam';
import { useLocalize } from '../i18n/language';
import { useSiteText } from '../content/content';

/**
 * What every form sends so that the API can tell a bot's submission from a
 * person's (docs/decisions/0011-honest-input-and-no-spam.md): the honeypot's
 * value and the form's start token.
 */

/**
 * Fetches the form's start token in the background once `active`. The visitor
 * never waits for it: a form sent before it arrives goes without it, and is
 * not judged on its fill time.
 */
export function useStartToken(formId: string, active = true): RefObject<string | undefined> {
  const token = useRef<string>(undefined);
  useEffect(() => {
    if (!active) return;
    let current = true;
    fetch(formStartPath(formId))
      .then((response) => (response.ok ? (response.json() as Promise<Partial<StartResponse>>) : undefined))
      .then((body) => {
        if (current && typeof body?.startToken === 'string') token.current = body.startToken;
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [formId, active]);
  return token;
}

/**
 * An input no person sees, reaches with the keyboard or hears from a screen
 * reader, and no browser autofills (a name autofill does not know,
 * autocomplete off): only a bot that fills every input fills it. It is kept
 * in the layout at zero size rather than `display: none`, which bots skip.
 */
export function HoneypotField({ inputRef }: { inputRef: RefObject<HTMLInputElement | null> }) {
  const siteText = useSiteText();
  const localize = useLocalize();
  return (
    <div aria-hidden="true" className="absolute size-0 overflow-hidden">
      <label>
        {localize(siteText.form.honeypot)}
        <input ref={inputRef} type="text" name="reference" tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

export function spamSignals(honeypot: HTMLInputElement | null, startToken: string | undefined): SpamSignals {
  return { honeypot: honeypot?.value ?? '', ...(startToken ? { startToken } : {}) };
}
