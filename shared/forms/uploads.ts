import type { Localized } from '../languages';
import { fieldSchema } from './fields';
import type { FieldSchema, FormSchema } from './form-schema';

/** Photo limits when a field's `x-upload` leaves them out. */
export const defaultUpload = {
  maxBytes: 10 * 1024 * 1024,
  accept: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'],
};

/** An order's photo is at most this long on its longest side: shrunk so by the browser, and kept so by the API. */
export const photoLongestSide = 1600;

/** A photo field of a form: an array of uploaded image URLs. */
export interface UploadLimits {
  minItems: number;
  maxItems: number;
  maxBytes: number;
  accept: string[];
}

export interface ImageField extends UploadLimits {
  name: string;
}

/** The limits of a photo field's schema, with the defaults filled in. */
export function uploadLimits(field: FieldSchema): UploadLimits {
  return {
    minItems: field.minItems ?? 0,
    maxItems: field.maxItems ?? 5,
    maxBytes: field['x-upload']?.maxBytes ?? defaultUpload.maxBytes,
    accept: field['x-upload']?.accept ?? defaultUpload.accept,
  };
}

export function imageFields(schema: FormSchema): ImageField[] {
  return Object.keys(schema.properties)
    .map((name) => imageField(schema, name))
    .filter((field): field is ImageField => field !== undefined);
}

export function imageField(schema: FormSchema, name: string): ImageField | undefined {
  const field = fieldSchema(schema, name);
  if (field?.['x-widget'] !== 'images') return undefined;
  return { name, ...uploadLimits(field) };
}

const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));

/** Upload messages, shared by the photo widget and the upload API. */
export const uploadText = {
  tooMany: (max: number): Localized => ({
    ar: `الحد الأقصى ${max} صور`,
    fr: `Maximum ${max} images autorisées`,
    en: `At most ${max} images are allowed`,
  }),
  tooLarge: (name: string, maxBytes: number): Localized => ({
    ar: `الملف ${name} كبير جدًا. الحجم الأقصى ${megabytes(maxBytes)} ميغابايت.`,
    fr: `Le fichier ${name} est trop volumineux. Taille maximale : ${megabytes(maxBytes)} Mo.`,
    en: `File ${name} is too large. Maximum size is ${megabytes(maxBytes)}MB.`,
  }),
  notImage: (name: string): Localized => ({
    ar: `الملف ${name} ليس صورة صالحة.`,
    fr: `Le fichier ${name} n'est pas une image valide.`,
    en: `File ${name} is not a valid image.`,
  }),
  uploadFailed: (status: number, statusText: string): Localized => ({
    ar: `فشل تحميل الصورة (${status})`,
    fr: `Échec du téléchargement de l'image (${status})`,
    en: `Upload failed: ${status} - ${statusText}`,
  }),
  /** A photo that could not be prepared for sending (the browser could not read it). */
  imageUploadFailed: {
    ar: 'فشل تحميل الصورة',
    fr: "Échec du téléchargement de l'image",
    en: 'Image upload failed.',
  },
  networkError: {
    ar: 'خطأ في الشبكة: تعذر الاتصال بخدمة رفع الصور. تحقق من اتصالك بالإنترنت وحاول مرة أخرى.',
    fr: "Erreur réseau : impossible de joindre le service d'envoi d'images. Vérifiez votre connexion Internet et réessayez.",
    en: 'Network error: Unable to connect to image upload service. Please check your internet connection and try again.',
  },
  uploading: { ar: 'جاري رفع الصور...', fr: 'Envoi des images...', en: 'Uploading images...' },
  sendingOrder: { ar: 'جاري إرسال الطلب...', fr: 'Envoi de la commande...', en: 'Sending order...' },
  /** The API refused an image URL at submission (not ours, missing, wrong type or size). */
  imageRejected: {
    ar: 'تعذر العثور على إحدى الصور. يرجى إضافتها من جديد.',
    fr: "Une des images est introuvable ou invalide. Veuillez l'ajouter à nouveau.",
    en: 'One of the images is missing or invalid. Please add it again.',
  },
  /** An image URL another order already named (an upload belongs to one order). */
  imageInOtherOrder: {
    ar: 'إحدى الصور أُرسلت من قبل مع طلب آخر. يرجى إضافتها من جديد.',
    fr: "Une des images a déjà été envoyée avec une autre commande. Veuillez l'ajouter à nouveau.",
    en: 'One of the images was already sent with another order. Please add it again.',
  },
} satisfies Record<string, Localized | ((...args: never[]) => Localized)>;
