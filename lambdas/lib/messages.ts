import type { Language, Localized } from '../../shared/languages';

/** Every message the API answers with, in each of the site's languages. */
const messages = {
  missingRequiredFields: {
    ar: 'حقول مطلوبة ناقصة',
    fr: 'Champs obligatoires manquants',
    en: 'Missing required fields',
  },
  invalidFields: {
    ar: 'بعض الحقول غير صالحة',
    fr: 'Certains champs ne sont pas valides',
    en: 'Some fields are not valid',
  },
  formNotFound: {
    ar: 'النموذج غير موجود',
    fr: 'Formulaire introuvable',
    en: 'Form not found',
  },
  routeNotFound: {
    ar: 'العنوان غير موجود',
    fr: 'Adresse introuvable',
    en: 'Not found',
  },
  invalidJson: {
    ar: 'محتوى الطلب ليس بصيغة JSON صالحة',
    fr: "Le contenu de la requête n'est pas un JSON valide",
    en: 'The request body is not valid JSON',
  },
  notJson: {
    ar: 'يجب إرسال الطلب بصيغة JSON',
    fr: 'La requête doit être envoyée en JSON',
    en: 'The request must be sent as JSON',
  },
  bodyTooLarge: {
    ar: 'الطلب كبير جدًا',
    fr: 'La requête est trop volumineuse',
    en: 'The request is too large',
  },
  nestedTooDeep: {
    ar: 'بنية الطلب متداخلة أكثر من اللازم',
    fr: 'La requête est trop imbriquée',
    en: 'The request is nested too deeply',
  },
  invalidSubmission: {
    ar: 'يجب أن يحتوي الطلب على data و submissionId (UUID)',
    fr: 'La requête doit contenir data et un submissionId (UUID)',
    en: 'The request must contain data and a submissionId (UUID)',
  },
  invalidUploadRequest: {
    ar: 'يجب أن يحتوي الطلب على formId و field وقائمة files بها name و type و size لكل ملف',
    fr: 'La requête doit contenir formId, field et une liste files avec name, type et size pour chaque fichier',
    en: 'The request must contain formId, field and a files list with name, type and size for each file',
  },
  notImageField: {
    ar: 'هذا الحقل لا يقبل الصور',
    fr: "Ce champ n'accepte pas de photos",
    en: 'This field does not take photos',
  },
  storeUnavailable: {
    ar: 'تعذر حفظ طلبك الآن. يرجى المحاولة مرة أخرى بعد قليل، ولن يُسجَّل مرتين.',
    fr: "Votre demande n'a pas pu être enregistrée. Veuillez réessayer dans un instant : elle ne sera pas comptée deux fois.",
    en: 'Your request could not be saved just now. Please try again in a moment: it will not be counted twice.',
  },
  submissionIdReused: {
    ar: 'تم استخدام معرّف الإرسال هذا لطلب آخر',
    fr: 'Cet identifiant d’envoi a déjà servi pour une autre commande',
    en: 'This submission id was already used for another order',
  },
  invalidProductFilter: {
    ar: 'يجب أن تتكون الفئة والفئة الفرعية من أحرف لاتينية صغيرة وأرقام وشرطات، 64 حرفًا على الأكثر',
    fr: 'La catégorie et la sous-catégorie doivent être en lettres minuscules, chiffres et tirets, 64 caractères au plus',
    en: 'The category and subcategory must be lower-case letters, digits and hyphens, 64 characters at most',
  },
  subcategoryWithoutCategory: {
    ar: 'لا يمكن تحديد الفئة الفرعية دون الفئة',
    fr: 'Une sous-catégorie ne peut être donnée sans catégorie',
    en: 'A subcategory cannot be given without a category',
  },
  tooManyRequests: {
    ar: 'وصلتنا طلبات كثيرة من اتصالك في وقت قصير. يرجى الانتظار دقيقة ثم المحاولة مرة أخرى.',
    fr: 'Trop de demandes envoyées depuis votre connexion en peu de temps. Veuillez patienter une minute, puis réessayer.',
    en: 'Too many requests from your connection in a short time. Please wait a minute, then try again.',
  },
  internalError: {
    ar: 'حدث خطأ',
    fr: 'Une erreur est survenue',
    en: 'An error occurred',
  },
} satisfies Record<string, Localized>;

export type MessageKey = keyof typeof messages;

export function message(key: MessageKey, language: Language): string {
  return messages[key][language];
}
