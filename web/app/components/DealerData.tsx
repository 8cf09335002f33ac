import type { Dealer } from '../../../shared/content/dealer';
import { siteUrl } from '../config/site';
import { useSiteText } from '../../shared/content/content';
import { useLocalize } from '../../shared/i18n/language';

/**
 * The dealer as structured data (schema.org), for search engines: name,
 * address, phones, e-mail, map position and social pages, from the dealer
 * details staff keep. A JSON data block, never run.
 */
export function DealerData({ dealer }: { dealer: Dealer }) {
  const localize = useLocalize();
  const siteText = useSiteText();
  const data = {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    name: localize(siteText.siteTitle),
    url: `${siteUrl}/`,
    address: localize(dealer.address),
    telephone: dealer.phones[0],
    email: dealer.email,
    geo: { '@type': 'GeoCoordinates', latitude: dealer.location.lat, longitude: dealer.location.lon },
    sameAs: dealer.social.map((link) => link.url),
  };
  // "<" escaped: no text can close the element.
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replaceAll('<', '\\u003c') }} />;
}
