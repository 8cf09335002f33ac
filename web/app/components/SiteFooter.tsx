import { Link } from 'react-router';
import type { Localized } from '../../../shared/languages';
import { dealer } from '../config/dealer';
import { useLocalize } from '../i18n/language';
import { siteText } from '../i18n/site-text';
import { mainNavigation } from './navigation';
import { NewsletterForm } from './NewsletterForm';

const quickLinks = [
  { to: '/tracteurs', label: siteText.home.categories.tractors.name },
  { to: '/materiel-agricole', label: siteText.home.categories.equipment.name },
  { to: '/pieces-detachees', label: siteText.home.categories.spareParts.name },
];

const linkClass = 'inline-flex min-h-12 items-center text-brand-100 hover:text-white hover:underline';

export function SiteFooter() {
  const localize = useLocalize();
  const text = siteText.footer;
  return (
    <footer className="mt-16 bg-brand-950 text-brand-50">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold">{localize(siteText.brand)}</p>
          <p className="mt-2 text-sm text-brand-100">{localize(siteText.siteDescription)}</p>
          <h2 className="mt-4 font-semibold">{localize(text.followUs)}</h2>
          <ul className="flex flex-wrap gap-x-4">
            {dealer.social.map(({ name, url }) => (
              <li key={name}>
                <a href={url} rel="noopener" className={linkClass}>
                  {name}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <FooterLinks title={text.navigation} links={mainNavigation} />
        <FooterLinks title={text.quickLinks} links={quickLinks} />
        <div>
          <h2 className="font-semibold">{localize(text.newsletterTitle)}</h2>
          <p className="mt-1 text-sm text-brand-100">{localize(text.newsletterText)}</p>
          <NewsletterForm />
        </div>
      </div>
      <p className="border-t border-brand-800 px-4 py-4 text-center text-sm text-brand-100">{localize(text.rights)}</p>
    </footer>
  );
}

function FooterLinks({ title, links }: { title: Localized; links: { to: string; label: Localized }[] }) {
  const localize = useLocalize();
  return (
    <nav aria-label={localize(title)}>
      <h2 className="font-semibold">{localize(title)}</h2>
      <ul>
        {links.map(({ to, label }) => (
          <li key={to}>
            <Link to={to} className={linkClass}>
              {localize(label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
