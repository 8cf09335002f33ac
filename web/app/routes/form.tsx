import { useMemo, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { PageMeta } from '../components/PageMeta';
import { thankYouPath } from '../config/paths';
import { SuccessBanner } from '../components/SuccessBanner';
import { useFormTitle } from '../../shared/forms/form-titles';
import { LazyOrderForm } from '../forms/LazyOrderForm';
import { useLocalize } from '../../shared/i18n/language';
import { useSiteText } from '../../shared/content/content';
import NotFoundPage from './not-found';

/**
 * /forms/{formId}: any form on a page of its own. Context fields (item, model,
 * brand) come from the query string, so staff can send a farmer a ready link:
 * /forms/part-truck?truckBrand=Toyota&truckModel=Coaster
 */
export default function FormPage() {
  const siteText = useSiteText();
  const { formId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const localize = useLocalize();
  const [sent, setSent] = useState(false);
  const contextValues = useMemo(() => Object.fromEntries(searchParams), [searchParams]);

  const title = useFormTitle(formId);
  if (!title) return <NotFoundPage />;

  return (
    <div className="mx-auto max-w-xl px-4 py-8">
      <PageMeta title={title} description={siteText.formPage.description} />
      <h1 className="mb-2 text-3xl font-bold text-brand-900">{localize(title)}</h1>
      <p className="mb-6 text-ink-muted">{localize(siteText.formPage.description)}</p>
      {sent && <SuccessBanner message={localize(siteText.orderSent)} />}
      <div className="rounded-card border border-line bg-white p-5 shadow-sm">
        <LazyOrderForm
          formId={formId}
          contextValues={contextValues}
          onSent={({ onSuccess }) => (onSuccess === 'thank-you' ? navigate(thankYouPath) : setSent(true))}
        />
      </div>
    </div>
  );
}
