import { formTextKindLabels, textSectionLabels } from '../admin-api';
import { equipmentHubPath, sparePartsHubPath, tractorsPath } from '../catalogue/paths';
import { languages, type Localized } from '../languages';
import type { TextEntry } from './texts';

/**
 * Where each of the site's texts shows, in staff's words instead of its key
 * (`site.home.heroTitle` → "Home"): the part of the site (a page and, within
 * it, a section), and a page to preview it on. A form's text is named by its
 * form ("Order forms › Tractor order") and what it is in the form ("Field
 * name"). The translations page groups the texts this way, and problems
 * and publishes name a text with it.
 */
export interface TextPlace {
  /** "Home › Product categories". */
  section: Localized;
  /** A page that shows it, by its (Arabic) path, to preview. */
  page: string;
  /** What the text is within a form: its title, a field's name, help or example. */
  kind?: Localized;
}

const { wholeSite, header, menu, footer, messages, home, homeCategories, homeServices, tractors, thankYou, notFound, catalogue, returnLinks, descriptions, forms, sharedFields } =
  textSectionLabels;

const joined = (...parts: Localized[]): Localized =>
  Object.fromEntries(languages.map((language) => [language, parts.map((part) => part[language]).join(' › ')])) as Localized;

/** A path no page has: the preview shows the "not found" page. */
const missingPage = '/page-introuvable';

/** Site texts by the start of their key, the longest first. */
const siteSections: [prefix: string, place: TextPlace][] = [
  ['site.home.categories.', { section: joined(home, homeCategories), page: '/' }],
  ['site.home.services.', { section: joined(home, homeServices), page: '/' }],
  ['site.home.', { section: home, page: '/' }],
  ['site.nav.', { section: joined(wholeSite, menu), page: '/' }],
  ['site.language.', { section: joined(wholeSite, menu), page: '/' }],
  ['site.footer.', { section: joined(wholeSite, footer), page: '/' }],
  ['site.siteTitle', { section: joined(wholeSite, header), page: '/' }],
  ['site.siteDescription', { section: joined(wholeSite, header), page: '/' }],
  ['site.brand', { section: joined(wholeSite, header), page: '/' }],
  ['site.tractors.', { section: tractors, page: tractorsPath }],
  ['site.thankYou.', { section: thankYou, page: '/thank-you' }],
  ['site.notFound.', { section: notFound, page: missingPage }],
  ['site.formPage.', { section: forms, page: '/forms/tractor-order' }],
  ['site.form.', { section: forms, page: '/forms/tractor-order' }],
  ['site.orderSent', { section: forms, page: '/forms/tractor-order' }],
  ['site.', { section: joined(wholeSite, messages), page: '/' }],
  ['catalogue.sparePartsHubTitle', { section: catalogue, page: sparePartsHubPath }],
  ['catalogue.', { section: catalogue, page: equipmentHubPath }],
  ['cataloguePages.back.', { section: joined(catalogue, returnLinks), page: `${sparePartsHubPath}/trucks` }],
  ['cataloguePages.description.', { section: joined(catalogue, descriptions), page: sparePartsHubPath }],
  ['cataloguePages.', { section: catalogue, page: `${sparePartsHubPath}/trucks` }],
];

/** Where a text shows; `texts` holds the forms' titles (`forms.<formId>.title`), which name their forms. */
export function textPlace(key: string, texts: readonly TextEntry[]): TextPlace {
  const [group, formId, ...rest] = key.split('.');
  if (group === 'forms' && formId) {
    const kind = rest.at(-1) ?? '';
    const kindLabel = Object.hasOwn(formTextKindLabels, kind) ? formTextKindLabels[kind as keyof typeof formTextKindLabels] : undefined;
    if (formId === 'definitions') return { section: joined(forms, sharedFields), page: '/forms/tractor-order', ...(kindLabel && { kind: kindLabel }) };
    const title = texts.find((entry) => entry.key === `forms.${formId}.title`)?.default ?? { ar: formId, fr: formId, en: formId };
    return { section: joined(forms, title), page: `/forms/${formId}`, ...(kindLabel && { kind: kindLabel }) };
  }
  const found = siteSections.find(([prefix]) => key === prefix || key.startsWith(prefix));
  return found?.[1] ?? { section: joined(wholeSite, messages), page: '/' };
}
