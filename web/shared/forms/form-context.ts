import type { Language } from '../../../shared/languages';

/** Shared with the widgets through RJSF's formContext: a photo field uploads its photos as they are picked. */
export interface OrderFormContext {
  formId: string;
  language: Language;
}
