import { contentChanges, maxListedChanges, type ContentChange } from '../../shared/content/changes';
import type { ContentOverrides, Entry, ListOverrides } from '../../shared/content/model';
import type { Language } from '../../shared/languages';

/**
 * Which of a draft's changes show on one page, for the preview: the changes
 * are the publish's (`contentChanges`, with every value before and after),
 * and a change shows on the page when the page, rendered with the published
 * content and that change alone, differs from the page as published. The
 * page itself decides, so no list of what each page reads is kept beside
 * the pages (one that missed a page would say "as published" over a new price).
 */
export interface DraftOnPage {
  /** The draft's changes this page shows, at most {@link maxListedChanges}. */
  changes: ContentChange[];
  /** The page with the draft is the page the site shows. */
  asPublished: boolean;
}

/** A page's HTML with a content (React's, without the content's data). */
export type RenderWith = (content: ContentOverrides) => Promise<string>;

export async function draftOnPage({ draftPage, published, draft, language, render }: {
  draftPage: string;
  published: ContentOverrides;
  draft: ContentOverrides;
  language: Language;
  render: RenderWith;
}): Promise<DraftOnPage> {
  const publishedPage = await render(published);
  if (publishedPage === draftPage) return { changes: [], asPublished: true };
  const changes: ContentChange[] = [];
  for (const change of contentChanges(published, draft, { values: 'all' })) {
    if (changes.length >= maxListedChanges) break;
    // A text changed in other languages than the page's cannot show on it.
    if (change.kind === 'text' && !change.languages.includes(language)) continue;
    if ((await render(withOneChange(published, draft, change))) !== publishedPage) changes.push(change);
  }
  return { changes, asPublished: false };
}

/** The published content with one change of the draft made to it, the rest as published. */
export function withOneChange(published: ContentOverrides, draft: ContentOverrides, change: ContentChange): ContentOverrides {
  switch (change.kind) {
    case 'text':
      return { ...published, texts: withKey(published.texts, change.key, draft.texts?.[change.key]) };
    case 'dealer':
      return { ...published, dealer: withKey(published.dealer, change.field, draft.dealer?.[change.field]) };
    case 'order':
      return withList(published, change.list, (list) => withKey(list, 'order', draft.catalogue?.[change.list]?.order));
    case 'entry':
      return withList(published, change.list, (list) => withEntryFields(list, draft.catalogue?.[change.list], change.id, change.field === 'photo' ? ['photo', 'image'] : [change.field]));
    default:
      // Added, removed, hidden or shown: the entry whole, as the draft has it.
      return withList(published, change.list, (list) => withEntry(list, draft.catalogue?.[change.list], change.id));
  }
}

function withList(content: ContentOverrides, path: string, change: (list: ListOverrides) => ListOverrides): ContentOverrides {
  return { ...content, catalogue: { ...content.catalogue, [path]: change(content.catalogue?.[path] ?? {}) } };
}

/** An object with a key set to a value, or without the key when the value is undefined. */
function withKey<T extends object, K extends keyof T>(object: T | undefined, key: K, value: T[K] | undefined): T {
  const copy = { ...object } as T;
  if (value === undefined) delete copy[key];
  else copy[key] = value;
  return copy;
}

/** Some fields of one entry as the draft has them, whether staff changed it or added it. */
function withEntryFields(list: ListOverrides, draftList: ListOverrides | undefined, id: string, fields: string[]): ListOverrides {
  const take = (target: Entry | Record<string, unknown>, source: Record<string, unknown> | undefined) => {
    const copy = { ...target };
    for (const field of fields) {
      if (source && Object.hasOwn(source, field)) copy[field] = source[field];
      else delete copy[field];
    }
    return copy;
  };
  const added = draftList?.added?.find((entry) => entry.id === id);
  if (added) return { ...list, added: (list.added ?? []).map((entry) => (entry.id === id ? (take(entry, added) as Entry) : entry)) };
  return { ...list, changed: { ...list.changed, [id]: take(list.changed?.[id] ?? {}, draftList?.changed?.[id]) } };
}

/** One entry whole as the draft has it: its changes, whether it is added, whether it is hidden. */
function withEntry(list: ListOverrides, draftList: ListOverrides | undefined, id: string): ListOverrides {
  const added = draftList?.added?.find((entry) => entry.id === id);
  const hidden = (list.hidden ?? []).filter((other) => other !== id);
  return {
    ...list,
    changed: withKey(list.changed, id, draftList?.changed?.[id]),
    added: [...(list.added ?? []).filter((entry) => entry.id !== id), ...(added ? [added] : [])],
    hidden: draftList?.hidden?.includes(id) ? [...hidden, id] : hidden,
  };
}
