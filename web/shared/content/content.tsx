import { createContext, useContext, type ReactNode } from 'react';
import type { Catalogue } from '../../../shared/catalogue/lists';
import { defaultDealer, type Dealer } from '../../../shared/content/dealer';
import type { ContentOverrides } from '../../../shared/content/model';
import { resolveDealer, resolveList, resolveTexts } from '../../../shared/content/resolve';
import { siteText } from '../../../shared/content/site-text';
import type { TextGroupName, TextGroups } from '../../../shared/content/texts';

/**
 * The published content: staff's changes (texts, catalogue, dealer details)
 * over the typed defaults. The HTML carries the changes (web/app/content/content-script.ts),
 * so the browser renders what the prerendered page shows without fetching
 * anything; each page applies them to the defaults it imports.
 */
const OverridesContext = createContext<ContentOverrides>({});

export function ContentProvider({ overrides, children }: { overrides: ContentOverrides; children: ReactNode }) {
  return <OverridesContext.Provider value={overrides}>{children}</OverridesContext.Provider>;
}

export function useOverrides(): ContentOverrides {
  return useContext(OverridesContext);
}

/** Results by overrides and name: resolved once per page load, whatever the number of components asking. */
const resolved = new WeakMap<ContentOverrides, Map<string, unknown>>();

function once<T>(overrides: ContentOverrides, name: string, make: () => T): T {
  let cache = resolved.get(overrides);
  if (!cache) resolved.set(overrides, (cache = new Map()));
  if (!cache.has(name)) cache.set(name, make());
  return cache.get(name) as T;
}

/** A group of interface texts (shared/content/texts.ts) with staff's translations. */
export function useTexts<G extends TextGroupName>(group: G, defaults: TextGroups[G]): TextGroups[G] {
  const overrides = useOverrides();
  return once(overrides, `texts:${group}`, () => resolveTexts(group, defaults, overrides.texts));
}

/** A list of the catalogue as published: the page passes the defaults it shows. */
export function useCatalogueList<K extends keyof Catalogue>(list: K, defaults: Catalogue[K]): Catalogue[K] {
  const overrides = useOverrides();
  return once(overrides, `list:${list}`, () => resolveList(list, defaults, overrides.catalogue) as Catalogue[K]);
}

export function useDealer(): Dealer {
  const overrides = useOverrides();
  return once(overrides, 'dealer', () => resolveDealer(defaultDealer, overrides.dealer));
}

/** The site's own texts (shared/content/site-text.ts) with staff's translations. */
export function useSiteText(): TextGroups['site'] {
  return useTexts('site', siteText);
}
