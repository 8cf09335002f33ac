import { defaultCatalogue } from '../../../shared/catalogue/defaults';
import type { Catalogue } from '../../../shared/catalogue/lists';
import { equipmentCategoryPath, equipmentHubPath, itemAddress, tractorsPath } from '../../../shared/catalogue/paths';
import type { CatalogueImage } from '../../../shared/catalogue/types';
import { defaultDealer, type Dealer } from '../../../shared/content/dealer';
import { recordedContent, type ContentPart } from '../../../shared/content/content-parts';
import type { ContentOverrides } from '../../../shared/content/model';
import { siteText } from '../../../shared/content/site-text';
import type { Language } from '../../../shared/languages';
import { pathInLanguage } from '../../../shared/page-language';
import { homePath } from '../config/paths';
import { shareImage, siteUrl } from '../config/site';
import { pageTrail } from './catalogue-pages';

/**
 * The page's structured data for search engines (schema.org, as JSON-LD),
 * from the content the page is rendered with, so a publish changes it with
 * the page: the dealer as a local business on every page; the tractors as
 * products with their offer (price in DZD, availability); an equipment page's
 * items as a list; the way from the home page (breadcrumbs). Written into the
 * page's head by the renderer (../entry.prerender.tsx): no script on the phone.
 * docs/decisions/0024-farmers-find-it-and-finish-it.md says what Google's
 * rich results ask of each, which tests/unit/structured-data.test.ts checks.
 */

type JsonLd = Record<string, unknown>;

const schemaOrg = 'https://schema.org';
const dealerId = `${siteUrl}/#dealer`;
const address = (path: string, language: Language) => `${siteUrl}${pathInLanguage(path, language)}`;
const picture = (image: CatalogueImage | undefined) => image && `${siteUrl}${image.src}`;

/** The structured data of the page at `path` (its Arabic address) in `language`; the parts of the content it reads are added to `reads`. */
export function structuredData(path: string, language: Language, overrides: ContentOverrides, reads = new Set<ContentPart>()): JsonLd[] {
  const content = recordedContent(overrides, defaultCatalogue, reads);
  const dealer = content.dealer(defaultDealer);
  const name = content.texts('site', siteText).siteTitle[language];
  const data: JsonLd[] = [localBusiness(dealer, name, language)];
  const trail = pageTrail(path, content);
  if (trail && path !== homePath) {
    data.push({
      '@context': schemaOrg,
      '@type': 'BreadcrumbList',
      itemListElement: trail.map((crumb, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        name: crumb.name[language],
        item: address(crumb.path, language),
      })),
    });
  }
  const list = pageItems(path, content.catalogue, language);
  if (list) data.push(list);
  return data;
}

/** The data as the page's head carries it: one JSON-LD block, "<" escaped so no text can close it. */
export function structuredDataScript(data: JsonLd[]): string {
  const json = JSON.stringify(data.length === 1 ? data[0] : data).replaceAll('<', '\\u003c');
  return `<script type="application/ld+json">${json}</script>`;
}

function localBusiness(dealer: Dealer, name: string, language: Language): JsonLd {
  const hours = openingHoursSpecification(dealer.openingHours.en);
  return {
    '@context': schemaOrg,
    '@type': 'LocalBusiness',
    '@id': dealerId,
    name,
    url: address(homePath, language),
    image: `${siteUrl}${shareImage.path}`,
    address: { '@type': 'PostalAddress', streetAddress: dealer.address[language], addressCountry: 'DZ' },
    ...(dealer.phones[0] && { telephone: dealer.phones[0] }),
    email: dealer.email,
    geo: { '@type': 'GeoCoordinates', latitude: dealer.location.lat, longitude: dealer.location.lon },
    ...(hours && { openingHoursSpecification: hours }),
    ...(dealer.social.length > 0 && { sameAs: dealer.social.map((link) => link.url) }),
  };
}

const weekDays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/**
 * The opening hours staff write as text, read when the English one says
 * "<day> to <day>, <hh:mm>–<hh:mm>" (the form the dealer details start with:
 * "Saturday to Thursday, 8:00–17:00"); undefined otherwise, and the data then
 * leaves them out rather than guess.
 */
export function openingHoursSpecification(text: string): JsonLd | undefined {
  const match = /^\s*(\w+) to (\w+),\s*(\d{1,2})[:.](\d\d)\s*[–—-]\s*(\d{1,2})[:.](\d\d)\s*$/i.exec(text);
  if (!match) return undefined;
  const [, from = '', to = '', openHour, openMinute, closeHour, closeMinute] = match;
  const day = (name: string) => weekDays.findIndex((weekDay) => weekDay.toLowerCase() === name.toLowerCase());
  const [first, last] = [day(from), day(to)];
  if (first < 0 || last < 0) return undefined;
  const days = Array.from({ length: ((last - first + 7) % 7) + 1 }, (_, offset) => weekDays[(first + offset) % 7]);
  const time = (hour = '', minute = '') => `${hour.padStart(2, '0')}:${minute}`;
  return {
    '@type': 'OpeningHoursSpecification',
    dayOfWeek: days.map((weekDay) => `${schemaOrg}/${weekDay}`),
    opens: time(openHour, openMinute),
    closes: time(closeHour, closeMinute),
  };
}

/**
 * What a list page offers: the tractors as products with an offer (their
 * price in DZD and availability); an equipment page's items as a list of
 * their cards. The catalogue gives equipment no price, and Google's product
 * results need one: they stay a list until they have one.
 */
function pageItems(path: string, catalogue: Catalogue, language: Language): JsonLd | undefined {
  if (path === tractorsPath) {
    return itemList(
      catalogue.tractors.map((tractor) => ({
        '@type': 'Product',
        name: tractor.name[language],
        description: tractor.description[language],
        ...(picture(tractor.image) && { image: picture(tractor.image) }),
        url: address(itemAddress(tractorsPath, tractor.id), language),
        offers: {
          '@type': 'Offer',
          price: tractor.priceDzd,
          priceCurrency: 'DZD',
          availability: `${schemaOrg}/${tractor.available ? 'InStock' : 'OutOfStock'}`,
          itemCondition: `${schemaOrg}/NewCondition`,
          url: address(itemAddress(tractorsPath, tractor.id), language),
          seller: { '@id': dealerId },
        },
      })),
    );
  }
  // Only an equipment page reads the equipment: another page does not change with it.
  const category = path.startsWith(`${equipmentHubPath}/`) ? catalogue.equipmentCategories.find((candidate) => equipmentCategoryPath(candidate.id) === path) : undefined;
  if (!category) return undefined;
  return itemList(
    category.items.map((item) => ({
      '@type': 'Thing',
      name: item.name[language],
      ...(item.description && { description: item.description[language] }),
      ...(picture(item.image) && { image: picture(item.image) }),
      url: address(itemAddress(path, item.id), language),
    })),
  );
}

function itemList(items: JsonLd[]): JsonLd {
  return {
    '@context': schemaOrg,
    '@type': 'ItemList',
    itemListElement: items.map((item, index) => ({ '@type': 'ListItem', position: index + 1, item })),
  };
}
