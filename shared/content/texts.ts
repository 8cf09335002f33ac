import type { Localized } from '../languages';
import { catalogueText } from './catalogue-text';
import { cataloguePageText } from './catalogue-page-text';
import { siteText, type TextTree } from './site-text';
import { isTextValue } from './resolve';

/**
 * The interface texts staff translate, in groups; a text's key is its group
 * and its path (`site.home.heroTitle`). The site's pages import the group
 * they show (so a page's code carries no other); the admin and the publisher
 * see them all here. The forms' texts come from their schemas (form-texts.ts).
 */
export const textGroups = {
  site: siteText,
  catalogue: catalogueText,
  cataloguePages: cataloguePageText,
};

export type TextGroups = typeof textGroups;
export type TextGroupName = keyof TextGroups;

/** One text staff can translate, with what a fresh install shows. */
export interface TextEntry {
  key: string;
  /** Where it shows, for grouping in the admin: the first part of the key (`site`, `forms`). */
  group: string;
  default: Localized;
}

/** Every leaf of a text tree, keyed `<prefix>.<path>`. */
export function textEntries(tree: TextTree, prefix: string): TextEntry[] {
  const group = prefix.split('.')[0] ?? prefix;
  return Object.entries(tree).flatMap(([name, value]) =>
    isTextValue(value) ? [{ key: `${prefix}.${name}`, group, default: value as Localized }] : textEntries(value as TextTree, `${prefix}.${name}`),
  );
}

/** The site's interface texts (not the forms'), in the order of their groups. */
export function siteTextEntries(): TextEntry[] {
  return Object.entries(textGroups).flatMap(([group, tree]) => textEntries(tree, group));
}
