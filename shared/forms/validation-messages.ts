import type { Language, Localized } from '../languages';

/**
 * Validation messages in the visitor's language, naming the field. Used by the
 * browser form (RJSF transformErrors) and by the API's 400 answers, so both
 * say the same thing.
 */
export interface ValidationIssue {
  keyword: string;
  params: Record<string, unknown>;
}

export interface FieldText {
  label: string;
  /** The field's own messages (`x-errorMessages`), by keyword. */
  errorMessages?: Record<string, Localized>;
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
    'x-maxCurrentYear': (l, p) => `يجب ألا تتجاوز قيمة «${l}» السنة الحالية (${p.limit})`,
    // The example number isolated left to right: in Arabic text its groups would otherwise read in reverse order.
    'x-phone': (l) => `أدخل في «${l}» رقمًا جزائريًا مثل \u20660555 12 34 56\u2069 أو رقمًا دوليًا يبدأ بـ +`,
    minItems: (l, p) => `أضف ${p.limit} عنصرًا على الأقل في «${l}»`,
    maxItems: (l, p) => `الحد الأقصى ${p.limit} في «${l}»`,
    type: (l) => `قيمة «${l}» غير صالحة`,
    format: (l) => `قيمة «${l}» غير صالحة`,
    additionalProperties: (_l, p) => `الحقل «${shortened(p.additionalProperty)}» غير معروف`,
    default: (l) => `قيمة «${l}» غير صالحة`,
  },
  fr: {
    required: (l) => `Le champ « ${l} » est obligatoire`,
    maxLength: (l, p) => `« ${l} » ne doit pas dépasser ${p.limit} caractères`,
    minLength: (l, p) => `« ${l} » doit contenir au moins ${p.limit} caractères`,
    enum: (l) => `Choisissez une valeur de la liste pour « ${l} »`,
    minimum: (l, p) => `« ${l} » doit être au moins ${p.limit}`,
    maximum: (l, p) => `« ${l} » ne doit pas dépasser ${p.limit}`,
    'x-maxCurrentYear': (l, p) => `« ${l} » ne doit pas dépasser l'année en cours (${p.limit})`,
    'x-phone': (l) => `« ${l} » : saisissez un numéro algérien comme 0555 12 34 56, ou international commençant par +`,
    minItems: (l, p) => `« ${l} » : au moins ${p.limit} requis`,
    maxItems: (l, p) => `« ${l} » : ${p.limit} au maximum`,
    type: (l) => `La valeur de « ${l} » n'est pas valide`,
    format: (l) => `La valeur de « ${l} » n'est pas valide`,
    additionalProperties: (_l, p) => `Le champ « ${shortened(p.additionalProperty)} » est inconnu`,
    default: (l) => `La valeur de « ${l} » n'est pas valide`,
  },
  en: {
    required: (l) => `${l} is required`,
    maxLength: (l, p) => `${l} must be at most ${p.limit} characters`,
    minLength: (l, p) => `${l} must be at least ${p.limit} characters`,
    enum: (l) => `Choose a value from the list for ${l}`,
    minimum: (l, p) => `${l} must be at least ${p.limit}`,
    maximum: (l, p) => `${l} must be at most ${p.limit}`,
    'x-maxCurrentYear': (l, p) => `${l} cannot be later than the current year (${p.limit})`,
    'x-phone': (l) => `${l}: enter an Algerian number such as 0555 12 34 56, or an international one starting with +`,
    minItems: (l, p) => `${l}: at least ${p.limit} required`,
    maxItems: (l, p) => `${l}: at most ${p.limit}`,
    type: (l) => `${l} is not valid`,
    format: (l) => `${l} is not valid`,
    additionalProperties: (_l, p) => `Unknown field ${shortened(p.additionalProperty)}`,
    default: (l) => `${l} is not valid`,
  },
};

/** Names the visitor sent are shown at most this long, so that an answer never echoes a large input. */
const maxShownLength = 40;

/** A name the visitor sent, shortened to `maxShownLength` characters with "…". */
export function shortened(name: unknown): string {
  const characters = [...String(name)];
  return characters.length > maxShownLength ? `${characters.slice(0, maxShownLength).join('')}…` : characters.join('');
}

/**
 * Keywords that only repeat another error: a failed `if` adds "must match
 * then schema" next to the real cause (e.g. the missing "other" text).
 */
export const redundantKeywords = new Set(['if', 'then', 'else', 'allOf']);

export function validationMessage(issue: ValidationIssue, field: FieldText, language: Language): string {
  // An empty text (minLength 1) is a missing value to the visitor.
  const keyword = issue.keyword === 'minLength' && issue.params.limit === 1 ? 'required' : issue.keyword;
  const own = field.errorMessages?.[issue.keyword] ?? field.errorMessages?.[keyword];
  if (own) return own[language];
  const table = templates[language];
  const template = table[keyword] ?? table.default!;
  return template(field.label, issue.params);
}
