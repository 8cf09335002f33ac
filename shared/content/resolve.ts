import { listShapes, shapeOfList, type Catalogue, type CatalogueListKey } from '../catalogue/lists';
import { languages, type Language, type Localized } from '../languages';
import type { Dealer } from './dealer';
import type { ContentOverrides, DealerOverrides, Entry, EntryChanges, ListOverrides } from './model';
import type { TextTree } from './site-text';

/**
 * The content as published: the typed defaults with staff's overrides
 * applied. The site's pages, the publisher, the admin's previews and the
 * product list all apply them with these functions, so they agree.
 */

/** Which language stands in for a missing one: the dealer's working language first. */
const fallbackOrder: readonly Language[] = ['fr', 'ar', 'en'];

/** An object holding only texts by language (`{ fr: 'Tracteurs' }`). */
export function isTextValue(value: unknown): value is Partial<Localized> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const entries = Object.entries(value);
  return entries.length > 0 && entries.every(([key, text]) => (languages as readonly string[]).includes(key) && typeof text === 'string');
}

function written(text: string | undefined): text is string {
  return text !== undefined && text.trim() !== '';
}

/** The default text with the languages staff wrote; an empty one keeps the default's. */
export function withTranslations(base: Localized, change: Partial<Localized> | undefined): Localized {
  if (!change) return base;
  return { ar: pick(change.ar, base.ar), fr: pick(change.fr, base.fr), en: pick(change.en, base.en) };
}

const pick = (text: string | undefined, fallback: string) => (written(text) ? text : fallback);

/** A text without a default (an entry staff added): a missing language reads as another one, never empty. */
export function completeText(text: Partial<Localized>): Localized {
  const other = fallbackOrder.map((language) => text[language]).find(written) ?? '';
  return { ar: pick(text.ar, other), fr: pick(text.fr, other), en: pick(text.en, other) };
}

/** The texts of a group (`site`, `catalogue`, …) with staff's translations of keys `<group>.<path>`. */
export function resolveTexts<T extends TextTree>(group: string, defaults: T, texts: ContentOverrides['texts']): T {
  const prefix = `${group}.`;
  if (!texts || !Object.keys(texts).some((key) => key.startsWith(prefix))) return defaults;
  const walk = (tree: TextTree, path: string): TextTree =>
    Object.fromEntries(
      Object.entries(tree).map(([name, value]) => {
        const key = `${path}${name}`;
        if (isTextValue(value)) return [name, withTranslations(value as Localized, Object.hasOwn(texts, key) ? texts[key] : undefined)];
        return [name, walk(value as TextTree, `${key}.`)];
      }),
    );
  return walk(defaults, prefix) as T;
}

/** One field of an entry changed by staff: texts keep the default's missing languages; `null` removes the field. */
function changedField(base: unknown, value: unknown): unknown {
  if (isTextValue(value)) return isTextValue(base) ? withTranslations(base as Localized, value) : completeText(value);
  return value;
}

function withChanges(entry: Entry, changes: EntryChanges | undefined): Entry {
  if (!changes) return entry;
  const result: Entry = { ...entry };
  for (const [field, value] of Object.entries(changes)) {
    if (field === 'id') continue;
    if (value === null) delete result[field];
    else result[field] = changedField(entry[field], value);
  }
  return result;
}

function completeEntry(entry: Entry): Entry {
  return Object.fromEntries(Object.entries(entry).map(([field, value]) => [field, isTextValue(value) ? completeText(value) : value])) as Entry;
}

/**
 * The list at `path` (`tractors`, `wheeledTractorBrands/sonalika/models`) as
 * published: default entries with their changes, then the added ones, less
 * the hidden ones, in staff's order; nested lists (a brand's models) likewise.
 */
export function resolveList<E extends { id: string }>(path: string, defaults: readonly E[], catalogue: ContentOverrides['catalogue']): E[] {
  const list: ListOverrides | undefined = catalogue && Object.hasOwn(catalogue, path) ? catalogue[path] : undefined;
  const nested = shapeOfList(path)?.nested;
  if (!list && !(nested && catalogue)) return defaults as E[];
  const changed = list?.changed ?? {};
  const hidden = new Set(list?.hidden ?? []);
  let entries: Entry[] = [
    ...defaults.map((entry) => withChanges(entry as unknown as Entry, Object.hasOwn(changed, entry.id) ? changed[entry.id] : undefined)),
    ...(list?.added ?? []).map((entry) => completeEntry(withChanges(entry, Object.hasOwn(changed, entry.id) ? changed[entry.id] : undefined))),
  ].filter((entry) => !hidden.has(entry.id));
  if (list?.order) entries = inOrder(entries, list.order);
  if (nested) {
    entries = entries.map((entry) => ({
      ...entry,
      [nested.field]: resolveList(`${path}/${entry.id}/${nested.field}`, (entry[nested.field] as Entry[] | undefined) ?? [], catalogue),
    }));
  }
  return entries as unknown as E[];
}

/** The entries named in `order` first, in that order, then the others as they were. */
function inOrder(entries: Entry[], order: string[]): Entry[] {
  const rank = new Map(order.map((id, index) => [id, index]));
  return entries
    .map((entry, index) => ({ entry, key: rank.get(entry.id) ?? order.length + index }))
    .sort((a, b) => a.key - b.key)
    .map(({ entry }) => entry);
}

export function resolveCatalogue(defaults: Catalogue, catalogue: ContentOverrides['catalogue']): Catalogue {
  return Object.fromEntries(
    (Object.keys(listShapes) as CatalogueListKey[]).map((key) => [key, resolveList(key, defaults[key], catalogue)]),
  ) as unknown as Catalogue;
}

/** The dealer's details: each one staff set replaces the default's, texts language by language. */
export function resolveDealer(defaults: Dealer, dealer: ContentOverrides['dealer']): Dealer {
  if (!dealer) return defaults;
  const set = <K extends keyof DealerOverrides>(key: K): DealerOverrides[K] | undefined => (Object.hasOwn(dealer, key) ? dealer[key] : undefined);
  const promo = set('promo');
  return {
    address: withTranslations(defaults.address, set('address')),
    phones: set('phones') ?? defaults.phones,
    email: set('email') ?? defaults.email,
    openingHours: withTranslations(defaults.openingHours, set('openingHours')),
    social: set('social') ?? defaults.social,
    location: set('location') ?? defaults.location,
    promo: promo
      ? {
          show: promo.show,
          text: withTranslations(defaults.promo.text, promo.text),
          linkLabel: withTranslations(defaults.promo.linkLabel, promo.linkLabel),
        }
      : defaults.promo,
    figures: set('figures')?.map((figure) => ({ value: figure.value, label: completeText(figure.label) })) ?? defaults.figures,
  };
}
