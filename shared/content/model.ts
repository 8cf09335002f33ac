import type { CatalogueImage } from '../catalogue/types';
import type { Localized } from '../languages';
import type { Dealer } from './dealer';

/**
 * What staff changed, on top of the typed defaults (docs/decisions/0016-published-content.md).
 * The draft, every publish and the live site are each one of these; the
 * defaults stay in the code, so a fresh install, and a build, need none.
 */
export interface ContentOverrides {
  /**
   * Interface texts by key (`site.home.heroTitle`, `catalogue.order`,
   * `forms.tractor-order.fields.fullName.label`, shared/content/texts.ts):
   * the languages staff wrote. An empty text is a missing translation: the
   * default (or, for what staff added, another language) is published instead.
   */
  texts?: Record<string, Partial<Localized>>;
  /** Changes to the catalogue's lists, by list path (`tractors`, `truckBrands/jac/models`). */
  catalogue?: Record<string, ListOverrides>;
  /** Dealer details staff set; each one replaces the default whole, except texts, set in the languages staff wrote. */
  dealer?: DealerOverrides;
}

type WrittenTexts<T> = { [K in keyof T]: T[K] extends Localized ? Partial<Localized> : T[K] };

/** Staff's dealer details: a text (the address, the banner's) in the languages staff wrote, the default in the others. */
export type DealerOverrides = Partial<Omit<WrittenTexts<Dealer>, 'promo'>> & { promo?: Pick<Dealer['promo'], 'show'> & Partial<WrittenTexts<Dealer['promo']>> };

/** Staff's changes to one list of the catalogue. */
export interface ListOverrides {
  /** Changed fields of the entries, by id; `null` removes an optional field (a photo). */
  changed?: Record<string, EntryChanges>;
  /** Entries staff added, whole, in the order they were added. */
  added?: Entry[];
  /** Ids of entries not shown (their pages are not published). */
  hidden?: string[];
  /** Ids in the order shown; entries not named keep their place after these. */
  order?: string[];
}

/** An entry of a list as stored: its id and its fields (see shared/catalogue/types.ts for each kind). */
export type Entry = { id: string } & Record<string, unknown>;

export type EntryChanges = Record<string, unknown>;

/**
 * A picture of the media library chosen for a catalogue entry, as staff set
 * it (the draft's `photo` field). A publish turns it into the entry's
 * `image`: the responsive files it makes of the picture (AVIF and WebP, two
 * widths), with their size.
 */
export interface PhotoChoice {
  mediaId: string;
}

/** Where a publish puts the files it makes of the library pictures chosen (lambdas/content/photos.ts). */
export const publishedPhotosDir = 'images/media';

/** The address of a chosen library picture, as published (its large WebP). */
export const publishedPhotoUrl = (mediaId: string) => `/${publishedPhotosDir}/${mediaId}.webp`;

/** The library pictures a content chooses for catalogue entries, by media id. */
export function chosenPictures(overrides: ContentOverrides): Set<string> {
  const chosen = new Set<string>();
  for (const list of Object.values(overrides.catalogue ?? {})) {
    for (const fields of [...Object.values(list.changed ?? {}), ...(list.added ?? [])]) {
      const photo = fields.photo as PhotoChoice | null | undefined;
      if (photo) chosen.add(photo.mediaId);
    }
  }
  return chosen;
}

/**
 * Whether two contents say the same: key order aside, and an empty list or
 * map the same as none (a text reset to its default leaves `texts: {}`).
 */
export function sameContent(a: ContentOverrides, b: ContentOverrides): boolean {
  return canonicalContent(a) === canonicalContent(b);
}

/** A content as one text, key order aside and empty lists or maps left out: the same text, the same content. */
export function canonicalContent(value: ContentOverrides): string {
  const tidy = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(tidy);
    if (typeof node !== 'object' || node === null) return node;
    const kept = Object.entries(node)
      .map(([key, child]) => [key, tidy(child)] as const)
      .filter(([, child]) => child !== undefined && !(typeof child === 'object' && child !== null && Object.keys(child).length === 0))
      .sort(([x], [y]) => (x < y ? -1 : 1));
    return Object.fromEntries(kept);
  };
  return JSON.stringify(tidy(value) ?? {});
}

/** A photo as published: the build's photos and the library's share this form. */
export type PublishedImage = CatalogueImage;
