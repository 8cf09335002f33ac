import { catalogueListLabels, contentFieldLabels } from '../admin-api';
import { defaultCatalogue } from '../catalogue/defaults';
import { listAt, type CatalogueListKey } from '../catalogue/lists';
import type { Language, Localized } from '../languages';
import type { Entry } from './model';
import { completeText, isTextValue, resolveList } from './resolve';
import { textPlace } from './text-places';
import type { TextEntry } from './texts';

/**
 * Where a problem of the content is, as staff read it on their pages:
 * `catalogue.tractors.changed.di75-4x2.priceDzd` → "Catalogue › Tractors ›
 * Sonalika DI75 4x2 › Price (DZD)", `dealer.social.0.url` → "Dealer details ›
 * Social networks", `texts.site.home.heroTitle.fr` → "Translations › Home ›
 * “Your partner in farm equipment” › FR". The API answers it with each problem, and the admin
 * lists problems with it.
 */
export function problemPlace(path: string, content: unknown, language: Language, texts: readonly TextEntry[] = []): string {
  const say = (words: Localized) => words[language];
  const { areas, entry: entryFields, dealer: dealerFields } = contentFieldLabels;
  const [area = '', ...rest] = path.split('.');
  if (area === 'catalogue' && rest.length > 0) {
    const [list = '', kind, at, field, textLanguage] = rest;
    const entry = kind === 'changed' || kind === 'added' ? entryName(content, list, kind, at ?? '', language) : undefined;
    const label = field && Object.hasOwn(entryFields, field) ? say(entryFields[field as keyof typeof entryFields]) : field;
    return [say(areas.catalogue), listName(list, content, language), entry, label, textLanguage?.toUpperCase()].filter(Boolean).join(' › ');
  }
  if (area === 'dealer') {
    const field = rest[0];
    return [say(areas.dealer), field && Object.hasOwn(dealerFields, field) ? say(dealerFields[field as keyof typeof dealerFields]) : field].filter(Boolean).join(' › ');
  }
  if (area === 'texts' && rest.length > 0) {
    const key = rest.join('.');
    const text = texts.find((candidate) => candidate.key === key || key.startsWith(`${candidate.key}.`));
    const textLanguage = text && key !== text.key ? key.slice(text.key.length + 1).toUpperCase() : undefined;
    if (!text) return `${say(areas.texts)} › ${key}`;
    return [say(areas.texts), say(textPlace(text.key, texts).section), quoted(text.default[language], language), textLanguage].filter(Boolean).join(' › ');
  }
  if (area === 'note') return say(areas.note);
  return path;
}

/** A list's name: "Tractors", or "Truck brands › JAC" for a brand's models. */
function listName(list: string, content: unknown, language: Language): string {
  const [top = '', owner] = list.split('/');
  const name = Object.hasOwn(catalogueListLabels, top) ? catalogueListLabels[top as CatalogueListKey][language] : top;
  return owner ? `${name} › ${entryName(content, top, 'changed', owner, language)}` : name;
}

/** An entry's name as staff wrote it or as the catalogue has it; else its place ("New 2") or its id. */
function entryName(content: unknown, list: string, kind: string, at: string, language: Language): string {
  const overrides = content as { catalogue?: Record<string, { added?: unknown[] }> } | undefined;
  const lists = typeof overrides?.catalogue === 'object' && overrides.catalogue !== null ? overrides.catalogue : {};
  const written = Object.hasOwn(lists, list) ? lists[list] : undefined;
  const added = Array.isArray(written?.added) ? (written.added as Partial<Entry>[]) : [];
  const found =
    kind === 'added'
      ? added[Number(at)]
      : (resolveList(list, (listAt(defaultCatalogue, list) ?? []) as Entry[], undefined).find((entry) => entry.id === at) ??
        added.find((entry) => entry?.id === at));
  if (found && isTextValue(found.name)) return completeText(found.name)[language] || at;
  return kind === 'added' ? `${contentFieldLabels.areas.added[language]} ${Number(at) + 1}` : at;
}

function quoted(words: string, language: Language): string {
  const short = words.length > 50 ? `${words.slice(0, 49)}…` : words;
  return language === 'fr' ? `« ${short} »` : language === 'ar' ? `«${short}»` : `“${short}”`;
}
