import type { ReadinessLine } from '../../shared/admin-api';
import { defaultCatalogue } from '../../shared/catalogue/defaults';
import { listShapes, type CatalogueListKey, type ListShape } from '../../shared/catalogue/lists';
import { defaultDealer } from '../../shared/content/dealer';
import type { ContentOverrides, Entry } from '../../shared/content/model';
import { resolveCatalogue, resolveDealer } from '../../shared/content/resolve';
import type { FormSheet } from '../../shared/forms/schema-files';
import { languages } from '../../shared/languages';

/**
 * What still stands in for the dealer's real data, for the dashboard's
 * readiness card (docs/decisions/0021-content-staff-cannot-get-wrong.md).
 * Facts in, lines out: the handler gathers the facts, this judges them.
 */
export interface ReadinessFacts {
  /** Whether the site shows a publish of staff's, rather than the content it was delivered with. */
  published: boolean;
  /** The content the site shows ({} before the first publish). */
  live: ContentOverrides;
  /** Whether new orders are e-mailed to staff (STAFF_EMAILS set). */
  staffMail: boolean;
  /** The sheets the forms send their rows to. */
  sheets: FormSheet[];
  /** The sheet keys the relay has an address for. */
  relayAddresses: ReadonlySet<string>;
}

export function judgeReadiness({ published, live, staffMail, sheets, relayAddresses }: ReadinessFacts): ReadinessLine[] {
  const lines: ReadinessLine[] = [];
  const dealer = resolveDealer(defaultDealer, live.dealer);
  if (dealer.phones.some((phone) => defaultDealer.phones.some((placeholder) => digits(placeholder) === digits(phone)))) {
    lines.push({ kind: 'placeholderPhone' });
  }
  // A language staff left empty shows the default's address: still the placeholder there.
  if (languages.some((language) => dealer.address[language].trim() === defaultDealer.address[language])) {
    lines.push({ kind: 'placeholderAddress' });
  }
  if (dealer.social.some((link) => isFrontPage(link.url))) lines.push({ kind: 'placeholderSocial' });

  const withoutPhoto = entriesWithoutPhoto(live);
  if (withoutPhoto > 0) lines.push({ kind: 'entriesWithoutPhoto', count: withoutPhoto });

  if (!staffMail) lines.push({ kind: 'staffMailOff' });
  const unrelayed = sheets.filter(({ sheet }) => !relayAddresses.has(sheet));
  if (unrelayed.length > 0) lines.push({ kind: 'sheetsWithoutRelay', forms: unrelayed.flatMap(({ forms }) => forms.map(({ title }) => title)) });

  if (!published) lines.push({ kind: 'firstPublish' });
  return lines;
}

const digits = (phone: string) => phone.replace(/\D/g, '');

/**
 * A social link to a network's front page (`https://www.facebook.com/`, as
 * delivered) rather than to the dealer's own page on it.
 */
function isFrontPage(url: string): boolean {
  try {
    const { pathname, search } = new URL(url);
    return pathname.replace(/\/+$/, '') === '' && search === '';
  } catch {
    return false;
  }
}

/** The shown catalogue entries (a category's items and a brand's models included) with no photo, neither delivered nor chosen by staff. */
export function entriesWithoutPhoto(live: ContentOverrides): number {
  const catalogue = resolveCatalogue(defaultCatalogue, live.catalogue);
  const count = (entries: readonly Entry[], shape: ListShape): number =>
    entries.reduce((total, entry) => {
      const own = entry.image || entry.photo ? 0 : 1;
      const nested = shape.nested ? count((entry[shape.nested.field] as Entry[] | undefined) ?? [], shape.nested.shape) : 0;
      return total + own + nested;
    }, 0);
  return (Object.keys(listShapes) as CatalogueListKey[]).reduce(
    (total, key) => total + count(catalogue[key] as unknown as Entry[], listShapes[key]),
    0,
  );
}
