import Form from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import { useEffect, useMemo, useRef, useState } from 'react';
import { fieldSchema } from '../../../shared/forms/fields';
import type { FormData, FormSchema } from '../../../shared/forms/form-schema';
import { normalizeFormData } from '../../../shared/forms/normalize';
import { uploadText } from '../../../shared/forms/uploads';
import type { Localized } from '../../../shared/languages';
import { useLanguage, useLocalize } from '../../shared/i18n/language';
import { withFormTexts } from '../../../shared/content/form-texts';
import { useFormTextChanges, useSiteText } from '../../shared/content/content';
import { HoneypotField, spamSignals, useStartToken } from './anti-spam';
import { localizedErrors } from '../../shared/forms/error-messages';
import type { OrderFormContext } from '../../shared/forms/form-context';
import { loadFormModule, type FormModule } from '../../shared/forms/form-modules';
import { useDraft } from './drafts/useDraft';
import { hiddenFields, initialFormData, withoutHidden } from './form-state';
import { continueRequest, endRequest } from './order-request';
import { releasePicked } from '../../shared/forms/images/picked-images';
import { hasPendingImages, uploadPickedImages } from '../../shared/forms/images/upload-images';
import { UploadError } from '../../shared/forms/images/upload-api';
import { signalSent } from './sent-signal';
import { heldUntilFilled, type StartTokenSource } from './start-token';
import { keepForLater } from './keep-for-later';
import { isSentAgainLater, newSubmissionId, submitForm } from './submit-form';
import { templates, widgets } from '../../shared/forms/theme';
import { buildUiSchema } from '../../shared/forms/ui-schema';

export type SentMode = 'order' | 'addAnother';

export interface SentOrder {
  mode: SentMode;
  orderId: string;
  /** What the schema asks to show now: the green banner or the /thank-you page. */
  onSuccess: NonNullable<FormSchema['x-onSuccess']>;
  data: FormData;
}

export interface OrderFormProps {
  formId: string;
  /**
   * Context the page supplies (the item clicked, or a link's query string).
   * Only the schema's `x-context` fields are taken; they show read-only and are always sent.
   */
  contextValues?: FormData;
  /**
   * What the visitor reads in a context field, when it is not the value sent:
   * the catalogue's name in the visitor's language, while the order sends the
   * dealer's French name (shared/catalogue/types.ts, `orderValues`).
   */
  contextNames?: Partial<Record<string, Localized>>;
  /** Offers the "Add Another" button next to "Send Order". */
  allowAddAnother?: boolean;
  onSent(order: SentOrder): void;
  /**
   * The order was kept on the phone to leave by itself (no network): a page
   * showing the form in a dialog closes it, so the notice saying so, at the
   * bottom of the screen, is not hidden behind it.
   */
  onKept?(): void;
}

type Status =
  | { state: 'idle' }
  | { state: 'uploading' }
  | { state: 'sending' }
  | { state: 'error'; message: string };

/**
 * Renders any form of form-schemas/ with RJSF and sends it to the API,
 * uploading its photos first. This module and each form's generated schema +
 * validator load only when a visitor opens a form.
 */
export default function OrderForm({ formId, contextValues = {}, contextNames = {}, allowAddAnother = false, onSent, onKept = () => undefined }: OrderFormProps) {
  const siteText = useSiteText();
  const [module, setModule] = useState<FormModule | 'failed'>();
  // Asked for while the form's code loads; the minimum fill time counts from it.
  const startToken = useStartToken(formId);

  useEffect(() => {
    let active = true;
    loadFormModule(formId).then(
      (loaded) => active && setModule(loaded ?? 'failed'),
      () => active && setModule('failed'),
    );
    return () => {
      active = false;
    };
  }, [formId]);

  const localize = useLocalize();
  if (module === 'failed') return <ErrorBox message={localize(siteText.form.loadFailed)} />;
  if (!module) return <p className="py-8 text-center text-ink-muted">{localize(siteText.form.loading)}</p>;
  return (
    <LoadedForm
      key={formId}
      formId={formId}
      module={module}
      contextValues={contextValues}
      contextNames={contextNames}
      allowAddAnother={allowAddAnother}
      onSent={onSent}
      onKept={onKept}
      startToken={startToken}
    />
  );
}

interface LoadedFormProps extends Required<OrderFormProps> {
  module: FormModule;
  startToken: StartTokenSource;
}

function LoadedForm({ formId, module, contextValues, contextNames, allowAddAnother, onSent, onKept, startToken }: LoadedFormProps) {
  const siteText = useSiteText();
  const { schema } = module;
  // Labels, help and messages with staff's translations; the validator keeps the schema it was built from.
  const texts = useFormTextChanges();
  const shown = useMemo(() => withFormTexts(schema, formId, texts), [schema, formId, texts]);
  const fixedValues = useMemo(() => contextFields(schema, contextValues), [schema, contextValues]);
  const language = useLanguage();
  const localize = useLocalize();
  const [initialData] = useState(() => initialFormData(schema, fixedValues));
  const [formData, setFormData] = useState<FormData>(initialData);
  const draft = useDraft({ formId, schema, fixedValues, initialData, formData, setFormData, startToken });
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  const mode = useRef<SentMode>('order');
  /** The submission id is kept while the visitor retries the same data, so a retry never adds a second row. */
  const attempt = useRef<{ payload: string; id: string }>(undefined);
  const honeypot = useRef<HTMLInputElement>(null);

  const validator = useMemo(() => createPrecompiledValidator<FormData, RJSFSchema>(module.validators, schema), [module, schema]);
  const fixed = shownFixedValues(fixedValues, contextNames, localize);
  const hidden = hiddenFields(schema, formData);
  const uiSchema = buildUiSchema(shown, language, { fixed, hidden });
  const formContext: OrderFormContext = { formId, language };

  const transformErrors = localizedErrors(shown, language);

  const send = async (data: FormData) => {
    let ready = normalizeFormData(withoutHidden({ ...data, ...fixedValues }, hiddenFields(schema, data)), schema);
    const payload = JSON.stringify(ready);
    if (attempt.current?.payload !== payload) attempt.current = { payload, id: newSubmissionId() };
    const submissionId = attempt.current.id;
    // A person's order leaves once they could have filled the form (decision 11); the wait runs beside the uploads.
    const filled = heldUntilFilled(draft.startToken(), startToken);
    let signals = spamSignals(honeypot.current, draft.startToken()?.value);
    const done = () => {
      attempt.current = undefined;
      draft.forget();
      if (mode.current === 'addAnother') continueRequest(schema, ready);
      else endRequest();
      // The token belongs to this order now: the next one ("Add Another") gets its own.
      startToken.renew();
      Object.values(data).flat().forEach((value) => typeof value === 'string' && releasePicked(value));
      setFormData(initialFormData(schema, fixedValues));
      setStatus({ state: 'idle' });
    };
    // No network, it dropped on the way, or the API could not take the order now: it waits on the phone and leaves by itself.
    const keep = async ({ busy = false } = {}) => {
      await keepForLater({ formId, schema, data: ready, submissionId, language, signals, busy });
      done();
      onKept();
    };
    if (!navigator.onLine) return keep();

    try {
      if (hasPendingImages(schema, ready)) setStatus({ state: 'uploading' });
      // Finishes the uploads that started when the photos were picked and puts every photo's public URL in place.
      ready = await uploadPickedImages(formId, schema, ready, language);
    } catch (error) {
      if (error instanceof UploadError && error.text === uploadText.networkError) return keep();
      // Anything else went wrong before the upload: the browser could not read or shrink a photo.
      const text = error instanceof UploadError ? error.text : uploadText.imageUploadFailed;
      setStatus({ state: 'error', message: typeof text === 'string' ? text : localize(text) });
      return;
    }

    setStatus({ state: 'sending' });
    signals = spamSignals(honeypot.current, (await filled)?.value);
    let orderId: string;
    try {
      const result = await submitForm(formId, ready, submissionId, language, signals);
      if (!result.ok) {
        if (isSentAgainLater(result)) return keep({ busy: true });
        setStatus({ state: 'error', message: result.message ?? localize(siteText.form.failed) });
        return;
      }
      orderId = result.orderId;
    } catch {
      return keep();
    }

    done();
    onSent({ mode: mode.current, orderId, onSuccess: schema['x-onSuccess'] ?? 'banner', data: ready });
    signalSent();
  };

  const busy = status.state === 'uploading' || status.state === 'sending';
  return (
    <>
      {/* Where the form starts, not under it: after a reload it is the first thing the farmer sees of the form. */}
      {draft.offer}
      <Form
        schema={schema}
        uiSchema={uiSchema}
        validator={validator}
        formData={formData}
        formContext={formContext}
        templates={templates}
        widgets={widgets}
        transformErrors={transformErrors}
        showErrorList={false}
        noHtml5Validate
        focusOnFirstError
        // A photo field with minItems must start empty, not with blank entries.
        experimental_defaultFormStateBehavior={{ arrayMinItems: { populate: 'never' } }}
        // Errors show next to their fields; without a handler RJSF would also log them.
        onError={() => undefined}
        disabled={busy}
        onChange={(event) => setFormData({ ...event.formData, ...fixedValues })}
        onSubmit={(event) => void send(event.formData ?? {})}
      >
        <HoneypotField inputRef={honeypot} />
        {status.state === 'error' && <ErrorBox message={status.message} />}
        {busy && (
          <p role="status" className="my-3 font-medium text-brand-800">
            {localize(status.state === 'uploading' ? uploadText.uploading : uploadText.sendingOrder)}
          </p>
        )}
        <div className="mt-2 flex flex-wrap gap-3">
          <button
            type="submit"
            disabled={busy}
            onClick={() => (mode.current = 'order')}
            className="min-h-12 flex-1 basis-40 rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
          >
            {localize(busy ? siteText.form.sending : (schema['x-submitLabel'] ?? siteText.form.send))}
          </button>
          {allowAddAnother && (
            <button
              type="submit"
              disabled={busy}
              onClick={() => (mode.current = 'addAnother')}
              className="min-h-12 flex-1 basis-40 rounded-lg border border-brand-700 px-5 font-semibold text-brand-800 hover:bg-brand-50 disabled:opacity-60"
            >
              {localize(siteText.form.addAnother)}
            </button>
          )}
        </div>
      </Form>
    </>
  );
}

/** Each fixed field's text as the visitor reads it: its name in the visitor's language where the page gave one, else the value sent. */
function shownFixedValues(fixedValues: FormData, names: Partial<Record<string, Localized>>, localize: (text: Localized) => string): Map<string, string> {
  return new Map(Object.entries(fixedValues).map(([name, value]) => [name, names[name] ? localize(names[name]) : String(value)]));
}

/** The supplied values of the schema's context fields; anything else is ignored. */
function contextFields(schema: FormSchema, values: FormData): FormData {
  return Object.fromEntries(
    Object.entries(values).filter(([name, value]) => fieldSchema(schema, name)?.['x-context'] && value !== '' && value != null),
  );
}

function ErrorBox({ message }: { message: string }) {
  return (
    <p role="alert" className="my-3 rounded-lg border border-danger-700/30 bg-danger-50 p-3 font-medium text-danger-700">
      {message}
    </p>
  );
}
