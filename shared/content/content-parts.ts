import { listShapes, type Catalogue, type CatalogueListKey } from '../catalogue/lists';
import type { Dealer } from './dealer';
import { canonicalContent, type ContentOverrides } from './model';
import { resolveDealer, resolveList, resolveTexts } from './resolve';
import type { TextTree } from './site-text';

/**
 * The content in parts, as pages read it: one group of interface texts
 * (`texts:site`, `texts:forms`), one list of the catalogue with its nested
 * lists (`list:tractors`, `list:truckBrands`), or the dealer's details. A
 * page's HTML is made from the build and the parts it read, nothing else:
 * the renderer records them, the page carries only their changes, and a
 * publish renders again only the pages one of whose parts changed
 * (docs/decisions/0021-content-staff-cannot-get-wrong.md).
 */
export type ContentPart = `texts:${string}` | `list:${CatalogueListKey}` | 'dealer';

export const textsPart = (group: string): ContentPart => `texts:${group}`;
export const listPart = (list: CatalogueListKey): ContentPart => `list:${list}`;
export const dealerPart: ContentPart = 'dealer';

/** A text's part: its group, the key's first name (`site.home.heroTitle` → `texts:site`). */
const partOfText = (key: string) => textsPart(key.split('.', 1)[0] ?? '');
/** A list's part: its top list (`truckBrands/jac/models` → `list:truckBrands`). */
const partOfList = (path: string) => `list:${path.split('/', 1)[0] ?? ''}`;

/** Staff's changes to these parts of the content, and to no other. */
export function contentSlice(overrides: ContentOverrides, parts: Iterable<ContentPart>): ContentOverrides {
  const wanted = new Set<string>(parts);
  const texts = Object.entries(overrides.texts ?? {}).filter(([key]) => wanted.has(partOfText(key)));
  const lists = Object.entries(overrides.catalogue ?? {}).filter(([path]) => wanted.has(partOfList(path)));
  return {
    ...(texts.length > 0 && { texts: Object.fromEntries(texts) }),
    ...(lists.length > 0 && { catalogue: Object.fromEntries(lists) }),
    ...(overrides.dealer && wanted.has(dealerPart) && { dealer: overrides.dealer }),
  };
}

/** A text naming these parts' changes, key order aside: the same text, the same changes. */
export function sliceText(overrides: ContentOverrides, parts: Iterable<ContentPart>): string {
  return canonicalContent(contentSlice(overrides, parts));
}

/**
 * The content as code outside React reads it (the pages' structured data),
 * each part it reads added to `reads`: the catalogue's lists are resolved
 * when first read.
 */
export function recordedContent(overrides: ContentOverrides, defaults: Catalogue, reads: Set<ContentPart>) {
  const lists = new Map<CatalogueListKey, unknown>();
  const catalogue = {} as Catalogue;
  for (const key of Object.keys(listShapes) as CatalogueListKey[]) {
    Object.defineProperty(catalogue, key, {
      enumerable: true,
      get() {
        reads.add(listPart(key));
        if (!lists.has(key)) lists.set(key, resolveList(key, defaults[key], overrides.catalogue));
        return lists.get(key);
      },
    });
  }
  return {
    catalogue,
    texts<T extends TextTree>(group: string, defaultTexts: T): T {
      reads.add(textsPart(group));
      return resolveTexts(group, defaultTexts, overrides.texts);
    },
    dealer(defaultDealer: Dealer): Dealer {
      reads.add(dealerPart);
      return resolveDealer(defaultDealer, overrides.dealer);
    },
  };
}

export type RecordedContent = ReturnType<typeof recordedContent>;
