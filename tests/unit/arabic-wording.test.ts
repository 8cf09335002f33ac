import { describe, expect, it } from 'vitest';
import { defaultCatalogue } from '../../shared/catalogue/defaults';
import { catalogueText } from '../../shared/content/catalogue-text';
import { cataloguePageText } from '../../shared/content/catalogue-page-text';
import { siteText } from '../../shared/content/site-text';
import { listFormIds, loadBundledFormSchema } from '../../shared/forms/schema-files';
import { uploadText } from '../../shared/forms/uploads';
import { adminText } from '../../web/admin/texts';
import { nonWheeledPartsFor, sparePartsFor } from '../../web/app/features/catalogue/page-titles';
import { draftText } from '../../web/app/forms/drafts/draft-text';
import { outboxText } from '../../web/app/offline/outbox-text';
import { scriptsOffText } from '../../web/app/components/ScriptsOffNotice';
import { addedText } from '../../web/app/forms/AddedItems';
import { searchText } from '../../web/app/search/SiteSearch';

/**
 * One Arabic term per concept across the site, in the Algerian usage chosen
 * in docs/decisions/0019-one-arabic-term-per-concept.md: each entry is a wording
 * the site no longer uses and the term it uses instead.
 */
const replaced: { wording: RegExp; use: string }[] = [
  { wording: /زراع/u, use: 'فلاحي، فلاحية (agricultural: الفلاحة, as Algerian farmers say it)' },
  { wording: /بدون عجلات/u, use: 'مجنزر، الجرارات المجنزرة (non-wheeled, crawler tractors)' },
  { wording: /طراز/u, use: 'موديل (a model)' },
  { wording: /(?<![\p{L}\p{M}])البذر(?![\p{L}\p{M}])/u, use: 'الزرع (sowing and planting, as موسم الزرع)' },
  { wording: /تحضير التربة/u, use: 'الحرث (soil preparation, as موسم الحرث)' },
  // The dealer's name (المعدات الفلاحية) and the site's (قطع ومعدات فلاحية) are names and stay as they are.
  { wording: /(?<!قطع و)معدات فلاحية|المعدات الفلاحية|لمعداتكم/u, use: 'العتاد الفلاحي (the dealer’s trade and the catalogue section)' },
];
const names = ['siteText.brand.ar', 'siteText.footer.rights.ar', 'siteText.siteTitle.ar'];

/** Every Arabic text in a tree of texts, with where it is. */
function arabicTexts(tree: unknown, at: string): { at: string; text: string }[] {
  if (typeof tree === 'string') return /\p{Script=Arabic}/u.test(tree) ? [{ at, text: tree }] : [];
  if (typeof tree === 'function') return arabicTexts((tree as (...args: string[]) => unknown)('X', 'Y'), `${at}()`);
  if (Array.isArray(tree)) return tree.flatMap((item, index) => arabicTexts(item, `${at}[${index}]`));
  if (tree && typeof tree === 'object') return Object.entries(tree).flatMap(([key, value]) => arabicTexts(value, `${at}.${key}`));
  return [];
}

describe('Arabic wording', () => {
  it('names each concept with one term everywhere: interface texts, catalogue, forms, page titles, admin', async () => {
    const forms = await Promise.all((await listFormIds('form-schemas')).map(async (formId) => [formId, await loadBundledFormSchema('form-schemas', formId)]));
    const texts = [
      ...arabicTexts(siteText, 'siteText'),
      ...arabicTexts(catalogueText, 'catalogueText'),
      ...arabicTexts(cataloguePageText, 'cataloguePageText'),
      ...arabicTexts(defaultCatalogue, 'catalogue'),
      ...arabicTexts(Object.fromEntries(forms), 'form-schemas'),
      ...arabicTexts({ sparePartsFor, nonWheeledPartsFor }, 'pageTitles'),
      ...arabicTexts({ uploadText, draftText, outboxText, addedText }, 'forms'),
      ...arabicTexts({ searchText, scriptsOffText }, 'site'),
      ...arabicTexts(adminText, 'adminText'),
    ];
    expect(texts.length).toBeGreaterThan(500);
    const strays = texts.flatMap(({ at, text }) =>
      names.includes(at) ? [] : replaced.filter(({ wording }) => wording.test(text)).map(({ use }) => `${at}: "${text}" → ${use}`),
    );
    expect(strays).toEqual([]);
  });
});
