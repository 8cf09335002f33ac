import { Link } from 'react-router';
import { PageMeta } from '../components/PageMeta';
import { homePath } from '../config/paths';
import { useLocalize } from '../../shared/i18n/language';
import { useSiteText } from '../../shared/content/content';

export default function NotFoundPage() {
  const siteText = useSiteText();
  const localize = useLocalize();
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <PageMeta title={siteText.notFound.title} description={siteText.notFound.text} noindex />
      <p className="text-6xl font-bold text-brand-700">404</p>
      <h1 className="mt-4 text-2xl font-bold text-brand-900">{localize(siteText.notFound.title)}</h1>
      <p className="mt-2 text-ink-muted">{localize(siteText.notFound.text)}</p>
      <Link
        to={homePath}
        className="mt-8 inline-flex min-h-12 items-center rounded-lg bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800"
      >
        {localize(siteText.backToHome)}
      </Link>
    </div>
  );
}
