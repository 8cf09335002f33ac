import { describe, expect, it } from 'vitest';
import { loadBundledFormSchema } from '../../shared/forms/schema-files';
import { buildUiSchema } from '../../web/app/forms/ui-schema';

describe('the form’s uiSchema', async () => {
  const schema = (await loadBundledFormSchema('form-schemas', 'part-wheeled-tractor'))!;
  const uiSchema = (language: 'ar' | 'fr' | 'en') => buildUiSchema(schema, language, { fixed: new Set(), hidden: new Set() });
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
});
