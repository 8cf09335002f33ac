import { formTitleKey } from '../../../shared/content/form-texts';
import { withTranslations } from '../../../shared/content/resolve';
import type { Localized } from '../../../shared/languages';
import { useFormTextChanges } from '../content/content';
import titles from './generated/form-titles.json';

/** Every form's title, by form id (written by `forms:build`): enough to render a form's page before its code loads. */
export const formTitles: Readonly<Record<string, Localized>> = titles;

/** A form's title with staff's translation; undefined for a form that does not exist. */
export function useFormTitle(formId: string): Localized | undefined {
  const texts = useFormTextChanges();
  const title = Object.hasOwn(formTitles, formId) ? formTitles[formId] : undefined;
  const key = formTitleKey(formId);
  return title && withTranslations(title, texts && Object.hasOwn(texts, key) ? texts[key] : undefined);
}
