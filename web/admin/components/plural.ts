import { locales, type Language } from '../../../shared/languages';

/**
 * A count in words that agree with it, by the language's plural rules
 * (`Intl.PluralRules`): Arabic has six forms (0, 1, 2, 3–10, 11–99, and
 * the rest), French and English two. `{n}` in a form is the count, written
 * in the language's digits and grouping.
 */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

const rules = new Map<Language, Intl.PluralRules>();

export function plural(language: Language, count: number, forms: PluralForms): string {
  let rule = rules.get(language);
  if (!rule) {
    rule = new Intl.PluralRules(locales[language]);
    rules.set(language, rule);
  }
  const form = forms[rule.select(count)] ?? forms.other;
  return form.replaceAll('{n}', new Intl.NumberFormat(locales[language]).format(count));
}
