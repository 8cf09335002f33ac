import { useEffect, useMemo, type RefObject } from 'react';
import type { SpamSignals } from '../../../shared/forms/anti-spam';
import { useLocalize } from '../../shared/i18n/language';
import { useSiteText } from '../../shared/content/content';
import { createStartTokenSource, type StartTokenSource } from './start-token';

/**
 * What every form sends so that the API can tell a bot's submission from a
 * person's (docs/decisions/0011-honest-input-and-no-spam.md): the honeypot's
 * value and the form's start token.
 */

/**
 * The form's start token (./start-token.ts), asked for in the background once
 * `active`. Sending waits for it a moment at most (`heldUntilFilled`).
 */
export function useStartToken(formId: string, active = true): StartTokenSource {
  const source = useMemo(() => createStartTokenSource(formId), [formId]);
  useEffect(() => {
    if (active) source.ensure();
  }, [source, active]);
  return source;
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
