import { catalogueListLabels } from '../admin-api';
import { drawingOf, type DrawingKind } from '../catalogue/drawings';
import { listShapes, type Catalogue, type CatalogueListKey } from '../catalogue/lists';
import { joinNames, type CatalogueImage } from '../catalogue/types';
import { languages, type Localized } from '../languages';
import { searchableText } from '../text/search-text';
import { joined } from './catalogue-choices';
import type { ContentOverrides, PhotoChoice } from './model';

/**
 * Photos for the whole catalogue in one sitting: every entry a photo can be
 * chosen for, and the entry a photo's file name names, if any
 * (`sonalika-di75-4x2.jpg`, `Sonalika DI75 4x2.jpg`, `محراث بثلاث سكك.jpg`),
 * compared as the catalogue search compares text (shared/text/search-text.ts).
 */

/** A catalogue entry a photo can be chosen for, as staff see it. */
export interface PhotoEntry {
  /** `<list path>#<entry id>`: `tractors#di75-4x2`, `wheeledTractorBrands/sonalika/models#di75-4x2`. */
  entry: string;
  list: string;
  id: string;
  /** "Tractors › DI75 4x2", "Wheeled tractor brands › Sonalika › DI75 4x2". */
  label: Localized;
  /** The photo chosen in the content, `null` when it was removed. */
  photo?: PhotoChoice | null;
  /** The photo it has without one chosen (the build's). */
  image?: CatalogueImage;
  drawing: DrawingKind;
  /** The names a file may have to be this entry's photo, as compared: whole (a model with its brand's)… */
  names: Set<string>;
  /** …and, for a brand's model or a category's item, its own alone, which gives way to a whole name. */
  shortNames: Set<string>;
}

type Named = { id: string; name: Localized; photo?: PhotoChoice | null; image?: CatalogueImage } & Record<string, unknown>;

const compared = (names: string[]) => new Set(names.map(searchableText).filter((name) => name !== ''));

function namesOf(entry: Named, owner?: Named): Pick<PhotoEntry, 'names' | 'shortNames'> {
  const own = [entry.id, ...languages.map((language) => entry.name[language])];
  if (!owner) return { names: compared(own), shortNames: new Set() };
  const full = joinNames(owner.name, entry.name);
  return { names: compared([`${owner.id} ${entry.id}`, ...languages.map((language) => full[language])]), shortNames: compared(own) };
}

function photoEntry(list: string, entry: Named, label: Localized, owner?: Named): PhotoEntry {
  return {
    entry: `${list}#${entry.id}`,
    list,
    id: entry.id,
    label,
    ...(entry.photo !== undefined && { photo: entry.photo }),
    ...(entry.image && { image: entry.image }),
    drawing: drawingOf(list, entry.id),
    ...namesOf(entry, owner),
  };
}

/** Every entry of a catalogue (resolved with the content's changes), in the order staff see the lists. */
export function photoEntries(catalogue: Catalogue): PhotoEntry[] {
  return (Object.keys(listShapes) as CatalogueListKey[]).flatMap((key) => {
    const nested = listShapes[key].nested;
    return (catalogue[key] as unknown as Named[]).flatMap((owner) => [
      photoEntry(key, owner, joined(catalogueListLabels[key], owner.name)),
      ...(nested ? ((owner[nested.field] ?? []) as Named[]) : []).map((entry) =>
        photoEntry(`${key}/${owner.id}/${nested!.field}`, entry, joined(catalogueListLabels[key], owner.name, entry.name), owner),
      ),
    ]);
  });
}

/**
 * The entry a file name names: its name without the extension, compared as
 * search text (case, accents, Arabic letter forms and digits aside; dashes,
 * underscores and spaces alike), is one of the entry's names. A whole name
 * goes first ("DI75 4x2" is the tractor of /tracteurs, not Sonalika's model
 * of that name among the spare parts, which is "Sonalika DI75 4x2"); a name
 * that several entries bear alike (the same machine in two lists) names
 * none: staff choose.
 */
export function entryNamedBy(fileName: string, entries: readonly PhotoEntry[]): PhotoEntry | undefined {
  const name = searchableText(fileName.replace(/\.[^.]+$/, ''));
  if (name === '') return undefined;
  const whole = entries.filter((entry) => entry.names.has(name));
  const named = whole.length > 0 ? whole : entries.filter((entry) => entry.shortNames.has(name));
  return named.length === 1 ? named[0] : undefined;
}

/** The content with these photos chosen for these entries (`<list path>#<entry id>`), nothing else changed. */
export function withPhotosChosen(overrides: ContentOverrides, photos: readonly { entry: string; mediaId: string }[]): ContentOverrides {
  const catalogue = { ...overrides.catalogue };
  for (const { entry, mediaId } of photos) {
    const [list = '', id = ''] = entry.split('#');
    const current = catalogue[list] ?? {};
    const added = current.added?.some((candidate) => candidate.id === id);
    catalogue[list] = added
      ? { ...current, added: current.added!.map((candidate) => (candidate.id === id ? { ...candidate, photo: { mediaId } } : candidate)) }
      : { ...current, changed: { ...current.changed, [id]: { ...current.changed?.[id], photo: { mediaId } } } };
  }
  return { ...overrides, catalogue };
}
