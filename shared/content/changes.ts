import { defaultCatalogue } from '../catalogue/defaults';
import { listAt, listShapes, type Catalogue, type CatalogueListKey } from '../catalogue/lists';
import { languages, type Language, type Localized } from '../languages';
import { defaultDealer, type Dealer } from './dealer';
import { publishedPhotoUrl, type ContentOverrides, type Entry, type EntryChanges, type PhotoChoice } from './model';
import { resolveCatalogue, resolveDealer } from './resolve';

/**
 * What a publish changed on the site, between the content live before it and
 * the content it published, as the admin names it to staff ("Price of
 * Sonalika DI75 4x2: 3 121 000 → 3 250 000 DA"): each catalogue entry's
 * changed fields with their values before and after, entries added, hidden,
 * shown again or removed, lists reordered, texts by key and language, dealer
 * details by name. Values are the published ones (defaults applied), so a
 * price changed for the first time reads from the default price.
 */
export type ContentChange =
  | { kind: 'entry'; list: string; id: string; name: Localized; field: string; before?: unknown; after?: unknown }
  | { kind: 'added' | 'removed' | 'hidden' | 'shown'; list: string; id: string; name: Localized }
  | { kind: 'order'; list: string }
  | { kind: 'text'; key: string; languages: Language[]; before?: Partial<Localized>; after?: Partial<Localized> }
  | { kind: 'dealer'; field: keyof Dealer; before?: unknown; after?: unknown };

/**
 * `values: 'all'`: every changed value before and after (texts in the
 * languages written), not only numbers and yes/no: what a preview shows
 * beside the draft; a publish keeps the short list.
 */
export interface ChangeOptions {
  values?: 'shown' | 'all';
}

/** The fields of an entry whose before and after are worth showing as values (numbers, yes/no). */
export const valueFields = new Set(['priceDzd', 'available', 'directOrder']);

/** Fields compared between two versions of an entry; its own list (models, items) is compared as a list of its own. */
const comparedFields = ['name', 'model', 'description', 'title', 'priceDzd', 'available', 'availabilityStatus', 'directOrder', 'image'];

/** At most this many changes are kept with a publish: the rest are counted, not listed. */
export const maxListedChanges = 200;

export function contentChanges(before: ContentOverrides, after: ContentOverrides, { values = 'shown' }: ChangeOptions = {}): ContentChange[] {
  const all = values === 'all';
  return [...catalogueChanges(before, after, all), ...textChanges(before.texts ?? {}, after.texts ?? {}, all), ...dealerChanges(before, after, all)];
}

type NamedEntry = Entry & { name?: Localized };

function catalogueChanges(before: ContentOverrides, after: ContentOverrides, allValues: boolean): ContentChange[] {
  const was = resolveCatalogue(defaultCatalogue, photosAsImages(before.catalogue));
  const is = resolveCatalogue(defaultCatalogue, photosAsImages(after.catalogue));
  const changes: ContentChange[] = [];
  for (const path of listPaths(was, is)) {
    const old = listAt(was, path) as NamedEntry[] | undefined;
    const now = listAt(is, path) as NamedEntry[] | undefined;
    // An entry's own list where the entry is added, hidden or removed: the entry's change says it.
    if (!old || !now) continue;
    const oldById = new Map(old.map((entry) => [entry.id, entry]));
    const nowIds = new Set(now.map((entry) => entry.id));
    const hiddenNow = new Set(after.catalogue?.[path]?.hidden ?? []);
    const hiddenBefore = new Set(before.catalogue?.[path]?.hidden ?? []);
    const named = (entry: NamedEntry) => ({ list: path, id: entry.id, name: entry.name ?? { ar: entry.id, fr: entry.id, en: entry.id } });
    for (const entry of now) {
      const earlier = oldById.get(entry.id);
      if (!earlier) {
        changes.push({ kind: hiddenBefore.has(entry.id) ? 'shown' : 'added', ...named(entry) });
        continue;
      }
      for (const field of comparedFields) {
        if (same(earlier[field], entry[field])) continue;
        // A photo's value is its files' addresses: said as changed, not shown.
        const values = valueFields.has(field) || (allValues && field !== 'image') ? { before: earlier[field], after: entry[field] } : {};
        changes.push({ kind: 'entry', ...named(entry), field: field === 'image' ? 'photo' : field, ...values });
      }
    }
    for (const entry of old) if (!nowIds.has(entry.id)) changes.push({ kind: hiddenNow.has(entry.id) ? 'hidden' : 'removed', ...named(entry) });
    const kept = (entries: NamedEntry[]) => entries.map((entry) => entry.id).filter((id) => oldById.has(id) && nowIds.has(id));
    if (!same(kept(old), kept(now))) changes.push({ kind: 'order', list: path });
  }
  return changes;
}

/** A photo chosen from the library read as the image it becomes once published (none: no image, the build's removed). */
function photosAsImages(catalogue: ContentOverrides['catalogue']): ContentOverrides['catalogue'] {
  if (!catalogue) return catalogue;
  const asImage = <T extends EntryChanges>(fields: T): T => {
    if (!Object.hasOwn(fields, 'photo')) return fields;
    const { photo, ...rest } = fields;
    return { ...rest, image: photo ? { src: publishedPhotoUrl((photo as PhotoChoice).mediaId) } : null } as unknown as T;
  };
  return Object.fromEntries(
    Object.entries(catalogue).map(([path, list]) => [
      path,
      {
        ...list,
        ...(list.changed && { changed: Object.fromEntries(Object.entries(list.changed).map(([id, fields]) => [id, asImage(fields)])) }),
        ...(list.added && { added: list.added.map(asImage) }),
      },
    ]),
  );
}

/** Every list of both catalogues: the top lists, then each entry's own list (a brand's models). */
function listPaths(...catalogues: Catalogue[]): string[] {
  const paths = new Set<string>();
  for (const key of Object.keys(listShapes) as CatalogueListKey[]) {
    paths.add(key);
    const nested = listShapes[key].nested;
    if (!nested) continue;
    for (const catalogue of catalogues) for (const entry of catalogue[key]) paths.add(`${key}/${entry.id}/${nested.field}`);
  }
  return [...paths];
}

/** A text's languages as published: an empty one stands for the default. */
function written(text: Partial<Localized> | undefined, language: Language): string | undefined {
  const value = text?.[language];
  return value !== undefined && value.trim() !== '' ? value : undefined;
}

function textChanges(before: NonNullable<ContentOverrides['texts']>, after: NonNullable<ContentOverrides['texts']>, allValues: boolean): ContentChange[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  const writtenIn = (text: Partial<Localized> | undefined) =>
    Object.fromEntries(languages.flatMap((language) => (written(text, language) === undefined ? [] : [[language, written(text, language)]]))) as Partial<Localized>;
  return keys.flatMap((key) => {
    const changed = languages.filter((language) => written(before[key], language) !== written(after[key], language));
    const values = allValues ? { before: writtenIn(before[key]), after: writtenIn(after[key]) } : {};
    return changed.length > 0 ? [{ kind: 'text' as const, key, languages: changed, ...values }] : [];
  });
}

function dealerChanges(before: ContentOverrides, after: ContentOverrides, allValues: boolean): ContentChange[] {
  const was = resolveDealer(defaultDealer, before.dealer);
  const is = resolveDealer(defaultDealer, after.dealer);
  return (Object.keys(is) as (keyof Dealer)[])
    .filter((field) => !same(was[field], is[field]))
    .map((field) => ({ kind: 'dealer', field, ...(allValues && { before: was[field], after: is[field] }) }));
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
