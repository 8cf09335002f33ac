import type { Language } from '../languages';

/**
 * Validation messages in the visitor's language, naming the field. Used by the
 * browser form (RJSF transformErrors) and by the API's 400 answers, so both
 * say the same thing.
 */
export interface ValidationIssue {
  keyword: string;
  params: Record<string, unknown>;
}

type Template = (label: string, params: Record<string, unknown>) => string;

const templates: Record<Language, Record<string, Template>> = {
  ar: {
    required: (l) => `حقل «${l}» مطلوب`,
    maxLength: (l, p) => `يجب ألا يتجاوز «${l}» ${p.limit} حرفًا`,
    minLength: (l, p) => `يجب أن يحتوي «${l}» على ${p.limit} أحرف على الأقل`,
    enum: (l) => `اختر قيمة من القائمة في حقل «${l}»`,
    minimum: (l, p) => `يجب أن تكون قيمة «${l}» ${p.limit} على الأقل`,
    maximum: (l, p) => `يجب ألا تتجاوز قيمة «${l}» ${p.limit}`,
    format: (l) => `قيمة «${l}» غير صالحة`,
    additionalProperties: (_l, p) => `الحقل «${p.additionalProperty}» غير معروف`,
    default: (l) => `قيمة «${l}» غير صالحة`,
  },
  fr: {
    required: (l) => `Le champ « ${l} » est obligatoire`,
    maxLength: (l, p) => `« ${l} » ne doit pas dépasser ${p.limit} caractères`,
    minLength: (l, p) => `« ${l} » doit contenir au moins ${p.limit} caractères`,
    enum: (l) => `Choisissez une valeur de la liste pour « ${l} »`,
    minimum: (l, p) => `« ${l} » doit être au moins ${p.limit}`,
    maximum: (l, p) => `« ${l} » ne doit pas dépasser ${p.limit}`,
    format: (l) => `La valeur de « ${l} » n'est pas valide`,
    additionalProperties: (_l, p) => `Le champ « ${p.additionalProperty} » est inconnu`,
    default: (l) => `La valeur de « ${l} » n'est pas valide`,
  },
  en: {
    required: (l) => `${l} is required`,
    maxLength: (l, p) => `${l} must be at most ${p.limit} characters`,
    minLength: (l, p) => `${l} must be at least ${p.limit} characters`,
    enum: (l) => `Choose a value from the list for ${l}`,
    minimum: (l, p) => `${l} must be at least ${p.limit}`,
    maximum: (l, p) => `${l} must be at most ${p.limit}`,
    format: (l) => `${l} is not valid`,
    additionalProperties: (_l, p) => `Unknown field ${p.additionalProperty}`,
    default: (l) => `${l} is not valid`,
  },
};

export function validationMessage(issue: ValidationIssue, label: string, language: Language): string {
  const table = templates[language];
  // An empty text (minLength 1) is a missing value to the visitor.
  const keyword = issue.keyword === 'minLength' && issue.params.limit === 1 ? 'required' : issue.keyword;
  const template = table[keyword] ?? table.default!;
  return template(label, issue.params);
}
