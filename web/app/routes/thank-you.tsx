import { useNavigate } from 'react-router';
import { PageMeta } from '../components/PageMeta';
import { homePath } from '../config/paths';
import { useLocalize } from '../../shared/i18n/language';
import { useSiteText } from '../../shared/content/content';

export default function ThankYouPage() {
  const siteText = useSiteText();
  const localize = useLocalize();
  const navigate = useNavigate();
  const text = siteText.thankYou;
  // "Go Back" returns to the page the order came from; opened directly, it goes home.
  const goBack = () => (window.history.length > 1 ? navigate(-1) : navigate(homePath));

  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <PageMeta title={text.title} description={text.text} />
      <svg aria-hidden="true" viewBox="0 0 24 24" className="mx-auto size-16 text-brand-700" fill="none" stroke="currentColor" strokeWidth="2">
        <circle cx="12" cy="12" r="10" />
        <path d="M7 12.5l3 3 7-7" />
      </svg>
      <h1 className="mt-4 text-3xl font-bold text-brand-900">{localize(text.title)}</h1>
      <p className="mt-3 text-lg text-ink-muted">{localize(text.text)}</p>
      <button
        type="button"
        onClick={goBack}
        className="mt-8 inline-flex min-h-12 items-center rounded-lg bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800"
      >
        {localize(text.goBack)}
      </button>
    </div>
  );
}
