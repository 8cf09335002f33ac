import { createContext, use, useContext, type ReactNode } from 'react';
import type { Catalogue } from '../../../shared/catalogue/lists';
import { dealerPart, listPart, textsPart, type ContentPart } from '../../../shared/content/content-parts';
import { defaultDealer, type Dealer } from '../../../shared/content/dealer';
import type { ContentOverrides } from '../../../shared/content/model';
import { siteContentFile, type PageContent } from '../../../shared/content/renderer';
import { resolveDealer, resolveList, resolveTexts } from '../../../shared/content/resolve';
import { siteText } from '../../../shared/content/site-text';
import type { TextGroupName, TextGroups } from '../../../shared/content/texts';

/**
 * The published content: staff's changes (texts, catalogue, dealer details)
 * over the typed defaults, read part by part (shared/content/content-parts.ts).
 * A page carries the changes to the parts it shows (web/app/content/content-script.ts),
 * so the browser renders what the prerendered page shows without fetching
 * anything; a part it does not carry (another page opened within the site,
 * an order form's texts) waits for the site's content file. The renderer
 * passes `reads`, and learns which parts each page read.
 */
interface ProvidedContent extends PageContent {
  reads?: Set<ContentPart>;
}

const ContentContext = createContext<ProvidedContent>({ overrides: {} });

export function ContentProvider({ content, children }: { content: ProvidedContent; children: ReactNode }) {
  return <ContentContext.Provider value={content}>{children}</ContentContext.Provider>;
}

let wholeContent: Promise<ContentOverrides> | undefined;

/** All of staff's changes, from the site's content file: fetched once, again after a failure. */
export function siteContent(): Promise<ContentOverrides> {
  wholeContent ??= fetch(`/${siteContentFile}`)
    .then((response) => {
      if (!response.ok) throw new Error(`${siteContentFile} answered ${response.status}`);
      return response.json() as Promise<ContentOverrides>;
    })
    .catch((error: unknown) => {
      wholeContent = undefined;
      throw error;
    });
  return wholeContent;
}

const nothingToFetch = async () => undefined;

/**
 * What to wait for before showing something that reads parts the page may
 * not carry (an order form's texts): the site's content when the page
 * carries only parts of it, nothing otherwise.
 */
export function useSiteContentLoader(): () => Promise<unknown> {
  return useContext(ContentContext).parts ? siteContent : nothingToFetch;
}

/** The changes to resolve a part with: the page's own when it carries that part, else the site's (suspending until fetched). */
function useOverridesOf(part: ContentPart): ContentOverrides {
  const { overrides, parts, reads } = useContext(ContentContext);
  reads?.add(part);
  return !parts || parts.includes(part) ? overrides : use(siteContent());
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
  const overrides = useOverridesOf(textsPart(group));
  return once(overrides, `texts:${group}`, () => resolveTexts(group, defaults, overrides.texts));
}

/** A list of the catalogue as published: the page passes the defaults it shows. */
export function useCatalogueList<K extends keyof Catalogue>(list: K, defaults: Catalogue[K]): Catalogue[K] {
  const overrides = useOverridesOf(listPart(list));
  return once(overrides, `list:${list}`, () => resolveList(list, defaults, overrides.catalogue) as Catalogue[K]);
}

export function useDealer(): Dealer {
  const overrides = useOverridesOf(dealerPart);
  return once(overrides, 'dealer', () => resolveDealer(defaultDealer, overrides.dealer));
}

/** The site's own texts (shared/content/site-text.ts) with staff's translations. */
export function useSiteText(): TextGroups['site'] {
  return useTexts('site', siteText);
}

/** Staff's translations of the forms' texts (`forms.<formId>.…`, shared/content/form-texts.ts). */
export function useFormTextChanges(): ContentOverrides['texts'] {
  return useOverridesOf(textsPart('forms')).texts;
}
