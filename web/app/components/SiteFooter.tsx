import { Link } from 'react-router';
import { useLocalize } from '../i18n/language';
import { siteText } from '../i18n/site-text';
import { mainNavigation } from './navigation';

export function SiteFooter() {
  const localize = useLocalize();
  return (
    <footer className="mt-16 bg-brand-950 text-brand-50">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2">
        <div>
          <p className="text-lg font-bold">{localize(siteText.brand)}</p>
          <p className="mt-2 max-w-sm text-sm text-brand-100">{localize(siteText.siteDescription)}</p>
        </div>
        <nav aria-label={localize(siteText.footer.quickLinks)}>
          <h2 className="font-semibold">{localize(siteText.footer.quickLinks)}</h2>
          <ul className="mt-2 grid grid-cols-2 gap-x-4">
            {mainNavigation.map(({ to, label }) => (
              <li key={to}>
                <Link to={to} className="inline-flex min-h-12 items-center text-brand-100 hover:text-white hover:underline">
                  {localize(label)}
                </Link>
              </li>
            ))}
            <li>
              <Link to="/tracteurs" className="inline-flex min-h-12 items-center text-brand-100 hover:text-white hover:underline">
                {localize(siteText.tractors.title)}
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <p className="border-t border-brand-800 px-4 py-4 text-center text-sm text-brand-100">
        {localize(siteText.footer.rights)}
      </p>
    </footer>
  );
}
