import { defaultCatalogue } from '../../../../shared/catalogue/defaults';
import { listAt } from '../../../../shared/catalogue/lists';
import type { ContentOverrides, Entry } from '../../../../shared/content/model';
import { completeText, isTextValue, resolveList } from '../../../../shared/content/resolve';
import type { Localized } from '../../../../shared/languages';
import { adminText } from '../../texts';

const catalogueText = adminText.catalogue;
const dealerText = adminText.dealer;

const entryFields: Record<string, Localized> = {
  name: catalogueText.name,
  priceDzd: catalogueText.price,
  available: catalogueText.available,
  availabilityStatus: catalogueText.availability,
  photo: catalogueText.photo,
  id: catalogueText.id,
};

const dealerFields: Record<string, Localized> = {
  address: dealerText.address,
  phones: dealerText.phones,
  email: dealerText.email,
  openingHours: dealerText.openingHours,
  social: dealerText.social,
  location: dealerText.location,
  promo: dealerText.promo,
  figures: dealerText.figures,
};

/**
 * Where a problem the API found is, as staff read it on the page:
 * `catalogue.tractors.changed.di75-4x2.priceDzd` → "DI75 4x2 — Price (DZD)",
 * `dealer.social.0.name` → "Dealer details — Social links". A site text
 * keeps its key, which the translations page shows beside it.
 */
export function problemPlace(path: string, draft: ContentOverrides, localize: (text: Localized) => string): string {
  const [area, ...rest] = path.split('.');
  if (area === 'catalogue' && rest.length >= 3) {
    const [list = '', kind, at = '', field] = rest;
    const entry: Entry | undefined =
      kind === 'added'
        ? draft.catalogue?.[list]?.added?.[Number(at)]
        : resolveList(list, (listAt(defaultCatalogue, list) ?? []) as Entry[], draft.catalogue).find((candidate) => candidate.id === at);
    const name = entry && isTextValue(entry.name) ? localize(completeText(entry.name)) : at;
    const label = field && Object.hasOwn(entryFields, field) ? localize(entryFields[field]!) : field;
    return [name, label].filter(Boolean).join(' — ');
  }
  if (area === 'dealer' && rest[0] && Object.hasOwn(dealerFields, rest[0])) {
    return `${localize(adminText.nav.dealer)} — ${localize(dealerFields[rest[0]]!)}`;
  }
  return path;
}
