import { Link } from 'react-router';
import { equipmentHubPath, sparePartsHubPath, tractorsPath } from '../../../shared/catalogue/paths';
import type { Localized } from '../../../shared/languages';
import { telLink } from '../../shared/lib/format';
import { useDealer, useSiteText } from '../../shared/content/content';
import { useLocalize } from '../../shared/i18n/language';
import { useMainNavigation } from './navigation';
import { NewsletterForm } from './NewsletterForm';

const linkClass = 'inline-flex min-h-12 items-center text-brand-100 hover:text-white hover:underline';

export function SiteFooter() {
  const siteText = useSiteText();
  const localize = useLocalize();
  const dealer = useDealer();
  const navigation = useMainNavigation();
  const text = siteText.footer;
  const { categories } = siteText.home;
  const quickLinks = [
    { to: tractorsPath, label: categories.tractors.name },
    { to: equipmentHubPath, label: categories.equipment.name },
    { to: sparePartsHubPath, label: categories.spareParts.name },
  ];
  return (
    <footer className="mt-16 bg-brand-950 text-brand-50">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold">{localize(siteText.brand)}</p>
          <p className="mt-2 text-sm text-brand-100">{localize(siteText.siteDescription)}</p>
          <p className="mt-2 text-sm text-brand-100">{localize(dealer.address)}</p>
          <ul className="text-sm">
            {dealer.phones.map((phone) => (
              <li key={phone}>
                <a href={telLink(phone)} dir="ltr" className={linkClass}>
                  {phone}
                </a>
              </li>
            ))}
            <li>
              <a href={`mailto:${dealer.email}`} className={linkClass}>
                {dealer.email}
              </a>
            </li>
          </ul>
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
        <FooterLinks title={text.navigation} links={navigation} />
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
