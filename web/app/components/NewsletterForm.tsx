import { useId, useRef, useState, type FormEvent } from 'react';
import { HoneypotField, spamSignals, useStartToken } from '../forms/anti-spam';
import type { SchemaFormId } from '../../../shared/forms/generated/form-ids';
import { heldUntilFilled } from '../forms/start-token';
import { newSubmissionId, submitForm } from '../forms/submit-form';
import { useNearViewport } from '../hooks/useNearViewport';
import { useLanguage, useLocalize } from '../../shared/i18n/language';
import { useSiteText } from '../../shared/content/content';

type Status = { state: 'idle' | 'sending' | 'done' } | { state: 'error'; message: string };

const formId = 'newsletter-subscription' satisfies SchemaFormId;

/**
 * The footer's subscription: one e-mail field, sent through the same
 * submission API and schema (newsletter-subscription) as every form, without
 * loading the form library on every page.
 */
export function NewsletterForm() {
  const siteText = useSiteText();
  const language = useLanguage();
  const localize = useLocalize();
  const inputId = useId();
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  const text = siteText.footer;
  const formRef = useRef<HTMLFormElement>(null);
  const honeypot = useRef<HTMLInputElement>(null);
  // The footer is on every page: the start token is asked for only when the visitor comes near it.
  const startToken = useStartToken(formId, useNearViewport(formRef));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const email = new FormData(form).get('email')?.toString().trim() ?? '';
    setStatus({ state: 'sending' });
    try {
      // Like every form: sent once a person could have filled it since its start token arrived (decision 11).
      const token = await heldUntilFilled(startToken.current, startToken);
      const result = await submitForm(formId, { email }, newSubmissionId(), language, spamSignals(honeypot.current, token?.value));
      if (result.ok) {
        form.reset();
        setStatus({ state: 'done' });
        // That token belongs to this subscription now.
        startToken.renew();
      } else {
        // The field's own message ("E-mail is required") says more than the summary.
        setStatus({ state: 'error', message: result.fields?.[0]?.message ?? result.message ?? localize(siteText.form.failed) });
      }
    } catch {
      setStatus({ state: 'error', message: localize(siteText.form.networkError) });
    }
  };

  return (
    // noValidate: the browser's own bubbles would speak its language, not the visitor's.
    <form ref={formRef} noValidate onSubmit={(event) => void onSubmit(event)} className="mt-3">
      <HoneypotField inputRef={honeypot} />
      <label htmlFor={inputId} className="sr-only">
        {localize(text.newsletterEmail)}
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          name="email"
          type="email"
          required
          aria-invalid={status.state === 'error' || undefined}
          dir="ltr"
          autoComplete="email"
          placeholder={localize(text.newsletterEmail)}
          className="min-h-12 min-w-0 flex-1 rounded-lg border border-brand-700 bg-brand-900 px-3 text-white placeholder:text-brand-100"
        />
        <button
          type="submit"
          disabled={status.state === 'sending'}
          className="min-h-12 rounded-lg bg-harvest-400 px-4 font-semibold text-brand-950 hover:bg-harvest-500 disabled:opacity-60"
        >
          {localize(status.state === 'sending' ? siteText.form.sending : text.subscribe)}
        </button>
      </div>
      <p role="status" className="mt-2 min-h-6 text-sm">
        {status.state === 'done' && localize(text.subscribed)}
        {status.state === 'error' && <span className="font-medium text-harvest-400">{status.message}</span>}
      </p>
    </form>
  );
}
