import { describe, expect, it } from 'vitest';
import { languages } from '../../shared/languages';
import { listFormIds, loadBundledFormSchema } from '../../shared/forms/schema-files';
import { imageFields } from '../../shared/forms/uploads';
import { buildUiSchema } from '../../web/shared/forms/ui-schema';

describe('the form’s uiSchema', async () => {
  const schema = (await loadBundledFormSchema('form-schemas', 'part-wheeled-tractor'))!;
  const uiSchema = (language: 'ar' | 'fr' | 'en') => buildUiSchema(schema, language, { fixed: new Map(), hidden: new Set() });
  const thisYear = new Date().getFullYear();

  it('states a year’s range under it, up to the current year, in each language', () => {
    expect(uiSchema('ar').tractorYear['ui:help']).toBe(`من 1900 إلى ${thisYear}`);
    expect(uiSchema('fr').tractorYear['ui:help']).toBe(`De 1900 à ${thisYear}`);
    expect(uiSchema('en').tractorYear['ui:help']).toBe(`From 1900 to ${thisYear}`);
  });

  it('keeps a field’s own help, and gives none to a field without a range', () => {
    expect(uiSchema('en').images['ui:help']).toMatch(/^1 to 5 photos .*Large photos are made smaller on your phone/);
    expect(uiSchema('en').fullName['ui:help']).toBeUndefined();
  });

  it('tells, under every photo field and in each language, that large photos are made smaller rather than refused', async () => {
    const says = {
      ar: /تُصغَّر .* ولا يُرفض إلا ملف GIF يتجاوز 10 ميغابايت/,
      fr: /réduites? sur votre téléphone .* seul un GIF de plus de 10 Mo est refusé/,
      en: /made smaller on your phone .* only a GIF over 10 MB is refused/,
    };
    for (const formId of await listFormIds('form-schemas')) {
      const form = (await loadBundledFormSchema('form-schemas', formId))!;
      for (const { name } of imageFields(form)) {
        for (const language of languages) {
          const help = buildUiSchema(form, language, { fixed: new Map(), hidden: new Set() })[name]['ui:help'];
          expect(help, `${formId} ${name} in ${language}`).toMatch(says[language]);
        }
      }
    }
  });
});
