import Form from '@rjsf/core';
import type { RJSFSchema, RJSFValidationError } from '@rjsf/utils';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import { useEffect, useMemo, useRef, useState } from 'react';
import { fieldText } from '../../../shared/forms/fields';
import type { FormData } from '../../../shared/forms/form-schema';
import { normalizeFormData } from '../../../shared/forms/normalize';
import { redundantKeywords, validationMessage } from '../../../shared/forms/validation-messages';
import { useLanguage, useLocalize } from '../i18n/language';
import { siteText } from '../i18n/site-text';
import { loadFormModule, type FormModule } from './form-modules';
import { newSubmissionId, submitForm } from './submit-form';
import { templates, widgets } from './theme';
import { buildUiSchema } from './ui-schema';

export type SentMode = 'order' | 'addAnother';

export interface OrderFormProps {
  formId: string;
  /** Values fixed by the page (the item clicked); shown read-only and always sent. */
  fixedValues?: FormData;
  /** Offers the "Add Another" button next to "Send Order". */
  allowAddAnother?: boolean;
  onSent(mode: SentMode): void;
}

type Status = { state: 'idle' } | { state: 'submitting' } | { state: 'error'; message: string };

/**
 * Renders any form of form-schemas/ with RJSF and sends it to the API. This
 * module and the form's generated schema + validator load only when a
 * visitor opens a form.
 */
export default function OrderForm({ formId, fixedValues = {}, allowAddAnother = false, onSent }: OrderFormProps) {
  const language = useLanguage();
  const localize = useLocalize();
  const [module, setModule] = useState<FormModule | 'failed'>();
  const [formData, setFormData] = useState<FormData>(fixedValues);
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  const mode = useRef<SentMode>('order');
  /** The submission id is kept while the visitor retries the same data, so a retry never adds a second row. */
  const attempt = useRef<{ payload: string; id: string }>(undefined);

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

  const loaded = module === 'failed' ? undefined : module;
  const validator = useMemo(
    () => loaded && createPrecompiledValidator<FormData, RJSFSchema>(loaded.validators, loaded.schema),
    [loaded],
  );
  const uiSchema = useMemo(() => loaded && buildUiSchema(loaded.schema, language), [loaded, language]);

  if (module === 'failed') return <ErrorBox message={localize(siteText.form.loadFailed)} />;
  if (!loaded || !validator || !uiSchema) {
    return <p className="py-8 text-center text-ink-muted">{localize(siteText.form.loading)}</p>;
  }

  const transformErrors = (errors: RJSFValidationError[]) =>
    errors
      .filter((error) => !redundantKeywords.has(error.name ?? ''))
      .map((error) => {
        const field = (error.property ?? '').replace(/^\./, '').split('.')[0] ?? '';
        const message = validationMessage(
          { keyword: error.name ?? '', params: error.params ?? {} },
          fieldText(loaded.schema, field, language),
          language,
        );
        return { ...error, message, stack: message };
      });

  const send = async (data: FormData) => {
    const normalized = normalizeFormData({ ...data, ...fixedValues });
    const payload = JSON.stringify(normalized);
    if (attempt.current?.payload !== payload) attempt.current = { payload, id: newSubmissionId() };
    setStatus({ state: 'submitting' });
    try {
      const result = await submitForm(formId, normalized, attempt.current.id, language);
      if (!result.ok) {
        setStatus({ state: 'error', message: result.message ?? localize(siteText.form.failed) });
        return;
      }
    } catch {
      setStatus({ state: 'error', message: localize(siteText.form.networkError) });
      return;
    }
    attempt.current = undefined;
    setFormData(fixedValues);
    setStatus({ state: 'idle' });
    onSent(mode.current);
  };

  const submitting = status.state === 'submitting';
  return (
    <Form
      schema={loaded.schema}
      uiSchema={uiSchema}
      validator={validator}
      formData={formData}
      templates={templates}
      widgets={widgets}
      transformErrors={transformErrors}
      showErrorList={false}
      noHtml5Validate
      focusOnFirstError
      // Errors show next to their fields; without a handler RJSF would also log them.
      onError={() => undefined}
      disabled={submitting}
      onChange={(event) => setFormData({ ...event.formData, ...fixedValues })}
      onSubmit={(event) => void send(event.formData ?? {})}
    >
      {status.state === 'error' && <ErrorBox message={status.message} />}
      <div className="mt-2 flex flex-wrap gap-3">
        <button
          type="submit"
          disabled={submitting}
          onClick={() => (mode.current = 'order')}
          className="min-h-12 flex-1 rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
        >
          {localize(submitting ? siteText.form.sending : siteText.form.send)}
        </button>
        {allowAddAnother && (
          <button
            type="submit"
            disabled={submitting}
            onClick={() => (mode.current = 'addAnother')}
            className="min-h-12 flex-1 rounded-lg border border-brand-700 px-5 font-semibold text-brand-800 hover:bg-brand-50 disabled:opacity-60"
          >
            {localize(siteText.form.addAnother)}
          </button>
        )}
      </div>
    </Form>
  );
}

function ErrorBox({ message }: { message: string }) {
  return (
    <p role="alert" className="my-3 rounded-lg border border-danger-700/30 bg-danger-50 p-3 font-medium text-danger-700">
      {message}
    </p>
  );
}
