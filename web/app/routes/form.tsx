import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { FormSchema } from '../../../shared/forms/form-schema';
import { PageMeta } from '../components/PageMeta';
import { SuccessBanner } from '../components/SuccessBanner';
import { loadFormModule } from '../forms/form-modules';
import { LazyOrderForm } from '../forms/LazyOrderForm';
import { useLocalize } from '../i18n/language';
import { siteText } from '../i18n/site-text';
import NotFoundPage from './not-found';

/**
 * /forms/{formId}: any form on a page of its own. Context fields (item, model,
 * brand) come from the query string, so staff can send a farmer a ready link:
 * /forms/part-truck?truckBrand=Toyota&truckModel=Coaster
 */
export default function FormPage() {
  const { formId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const localize = useLocalize();
  const [loaded, setLoaded] = useState<{ formId: string; schema: FormSchema | 'missing' }>();
  const [sent, setSent] = useState(false);
  const contextValues = useMemo(() => Object.fromEntries(searchParams), [searchParams]);

  useEffect(() => {
    let active = true;
    loadFormModule(formId).then(
      (module) => active && setLoaded({ formId, schema: module?.schema ?? 'missing' }),
      () => undefined, // offline: the form below says it could not load
    );
    return () => {
      active = false;
    };
  }, [formId]);

  const schema = loaded?.formId === formId ? loaded.schema : undefined;
  if (schema === 'missing') return <NotFoundPage />;
  const title = schema?.['x-title'] ?? siteText.formPage.description;

  return (
    <div className="mx-auto max-w-xl px-4 py-8">
      <PageMeta title={title} description={siteText.formPage.description} />
      <h1 className="mb-2 text-3xl font-bold text-brand-900">{schema ? localize(schema['x-title']) : ''}</h1>
      <p className="mb-6 text-ink-muted">{localize(siteText.formPage.description)}</p>
      {sent && <SuccessBanner message={localize(siteText.orderSent)} />}
      <div className="rounded-card border border-line bg-white p-5 shadow-sm">
        <LazyOrderForm
          formId={formId}
          contextValues={contextValues}
          onSent={({ onSuccess }) => (onSuccess === 'thank-you' ? navigate('/thank-you') : setSent(true))}
        />
      </div>
    </div>
  );
}
