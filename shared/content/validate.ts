import { shapeOfList, type EntryKind, type ListShape } from '../catalogue/lists';
import { customModelId } from '../catalogue/paths';
import { languages, type Language, type Localized } from '../languages';
import { readWholeNumber } from '../text/whole-number';
import { isTextValue } from './resolve';

/**
 * Checks staff's changes before they are kept (the admin checks as staff
 * type, the API again before storing): every text a known key with short
 * strings, every price a positive whole number of dinars, every entry of a
 * known list with its kind's fields, ids that make valid and distinct
 * addresses, dealer details that work as links. Answers every problem found,
 * each with where it is.
 */
export interface ContentProblem {
  /** Where: `texts.site.home.heroTitle`, `catalogue.tractors.changed.di75-4x2.priceDzd`, `dealer.email`. */
  path: string;
  code: ProblemCode;
}

export type ProblemCode = keyof typeof problemMessages;

export const problemMessages = {
  invalid: { ar: 'قيمة غير صالحة', fr: 'Valeur non valide', en: 'Not a valid value' },
  unknown: { ar: 'غير موجود في الموقع', fr: 'N’existe pas sur le site', en: 'Not part of the site' },
  tooLong: { ar: 'النص طويل جدًا', fr: 'Texte trop long', en: 'Text too long' },
  required: { ar: 'مطلوب بلغة واحدة على الأقل', fr: 'Obligatoire, au moins dans une langue', en: 'Required, in one language at least' },
  price: {
    ar: 'اكتب عددًا من الدنانير أكبر من 0، مثلًا 3.250.000',
    fr: 'Écrivez un nombre de dinars supérieur à 0, par exemple 3 250 000',
    en: 'Write a number of dinars above 0, for example 3,250,000',
  },
  id: {
    ar: 'المعرّف: أحرف لاتينية صغيرة وأرقام وشرطات',
    fr: 'L’identifiant : minuscules latines, chiffres et tirets',
    en: 'The id: lower-case Latin letters, digits and dashes',
  },
  idTaken: { ar: 'هذا المعرّف مستعمل', fr: 'Cet identifiant est déjà pris', en: 'This id is taken' },
  notAddable: { ar: 'لا يمكن الإضافة إلى هذه القائمة', fr: 'Cette liste ne prend pas d’ajout', en: 'Nothing can be added to this list' },
  notArrangeable: { ar: 'لا يمكن ترتيب هذه القائمة', fr: 'Cette liste ne se réordonne pas', en: 'This list cannot be reordered' },
  photo: { ar: 'صورة غير موجودة في المكتبة', fr: 'Image absente de la médiathèque', en: 'Not a picture of the library' },
  email: { ar: 'بريد إلكتروني غير صالح', fr: 'Adresse e-mail non valide', en: 'Not a valid e-mail address' },
  phone: { ar: 'رقم هاتف غير صالح', fr: 'Numéro de téléphone non valide', en: 'Not a valid phone number' },
  url: { ar: 'عنوان يبدأ بـ https://', fr: 'Une adresse commençant par https://', en: 'An address starting with https://' },
  location: {
    ar: 'اكتب خط العرض وخط الطول بالدرجات، مثلًا 36.19 و5.41',
    fr: 'Écrivez la latitude et la longitude en degrés, par exemple 36.19 et 5.41',
    en: 'Write the latitude and longitude in degrees, for example 36.19 and 5.41',
  },
  tooMany: { ar: 'عدد كبير جدًا', fr: 'Trop d’éléments', en: 'Too many' },
} satisfies Record<string, Localized>;

export function problemMessage(code: ProblemCode, language: Language): string {
  return problemMessages[code][language];
}

export const limits = {
  text: 2_000,
  shortText: 200,
  entriesPerList: 200,
  /** 10 billion dinars: far above any machine, low enough to stay exact everywhere. */
  priceDzd: 10_000_000_000,
  phones: 5,
  social: 10,
  figures: 8,
};

/** Ids are URL segments: lower-case words and digits joined by dashes. */
export const entryIdPattern = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;
const mediaIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Path segments under /pieces-detachees that are pages of their own: no wheeled-tractor brand may take them. */
const sparePartSectionIds = ['wheeled-tractors', 'tracteurs-sans-roues', 'trucks', 'agricultural-engines', 'working-machines', 'ghiyar-3itad-zira3i'];

type FieldRule = 'text' | 'shortText' | 'price' | 'boolean' | 'photo' | 'modelName';

/** The fields staff may set on each kind of entry, and those an added entry must have. */
const entryFields: Record<EntryKind, { fields: Record<string, FieldRule>; required: string[] }> = {
  tractor: {
    fields: { model: 'modelName', name: 'shortText', description: 'text', priceDzd: 'price', available: 'boolean', availabilityStatus: 'shortText', photo: 'photo' },
    required: ['model', 'name', 'description', 'priceDzd', 'available', 'availabilityStatus'],
  },
  category: { fields: { name: 'shortText', title: 'shortText', photo: 'photo' }, required: ['name', 'title'] },
  item: { fields: { name: 'shortText', description: 'text', available: 'boolean', photo: 'photo' }, required: ['name', 'available'] },
  section: { fields: { name: 'shortText', photo: 'photo' }, required: ['name'] },
  brand: { fields: { name: 'shortText', directOrder: 'boolean', photo: 'photo' }, required: ['name'] },
  model: { fields: { name: 'shortText', photo: 'photo' }, required: ['name'] },
  engineCategory: { fields: { name: 'shortText', title: 'shortText', photo: 'photo' }, required: ['name', 'title'] },
};

/**
 * The content with each price written as text read as the number it says
 * ("3 250 000", "3.250.000 DA", "٣٢٥٠٠٠٠", shared/text/whole-number.ts). The
 * admin sends what staff typed as it is when it cannot read it, and API
 * callers may send text: what cannot be read is left for
 * {@link validateOverrides} to refuse with the field's message.
 */
export function withTypedNumbersRead(overrides: unknown): unknown {
  if (!isRecord(overrides) || !isRecord(overrides.catalogue)) return overrides;
  const read = (kind: EntryKind, entry: unknown) => {
    if (!isRecord(entry)) return entry;
    const fields = entryFields[kind].fields;
    return Object.fromEntries(
      Object.entries(entry).map(([field, value]) => [
        field,
        Object.hasOwn(fields, field) && fields[field] === 'price' && typeof value === 'string' ? (readWholeNumber(value) ?? value) : value,
      ]),
    );
  };
  const catalogue = Object.fromEntries(
    Object.entries(overrides.catalogue).map(([path, list]) => {
      const kind = shapeOfList(path)?.kind;
      if (!kind || !isRecord(list)) return [path, list];
      const { changed, added } = list;
      return [
        path,
        {
          ...list,
          ...(isRecord(changed) && { changed: Object.fromEntries(Object.entries(changed).map(([id, entry]) => [id, read(kind, entry)])) }),
          ...(Array.isArray(added) && { added: added.map((entry: unknown) => read(kind, entry)) }),
        },
      ];
    }),
  );
  return { ...overrides, catalogue };
}

export interface ValidationContext {
  /** Every text key staff may translate (site and form texts). */
  textKeys: ReadonlySet<string>;
  /** The ids of each list's default entries, by list path (`tractors`, `truckBrands/jac/models`). */
  defaultIds: (listPath: string) => readonly string[] | undefined;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function validateOverrides(overrides: unknown, context: ValidationContext): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const report = (path: string, code: ProblemCode) => problems.push({ path, code });
  if (!isRecord(overrides)) return [{ path: '', code: 'invalid' }];
  for (const key of Object.keys(overrides)) if (!['texts', 'catalogue', 'dealer'].includes(key)) report(key, 'unknown');

  const { texts, catalogue, dealer } = overrides;
  if (texts !== undefined) {
    if (!isRecord(texts)) report('texts', 'invalid');
    else for (const [key, value] of Object.entries(texts)) checkText(`texts.${key}`, value, limits.text, report, context.textKeys.has(key));
  }
  if (catalogue !== undefined) {
    if (!isRecord(catalogue)) report('catalogue', 'invalid');
    else for (const [path, list] of Object.entries(catalogue)) checkList(path, list, catalogue, context, report);
  }
  if (dealer !== undefined) checkDealer(dealer, report);
  return problems;
}

type Report = (path: string, code: ProblemCode) => void;

function checkText(path: string, value: unknown, maxLength: number, report: Report, known = true): void {
  if (!known) return report(path, 'unknown');
  if (!isTextValue(value)) return report(path, 'invalid');
  for (const language of languages) if ((value[language]?.length ?? 0) > maxLength) report(`${path}.${language}`, 'tooLong');
}

function hasSomeText(value: unknown): boolean {
  return isTextValue(value) && languages.some((language) => (value[language] ?? '').trim() !== '');
}

function checkField(path: string, rule: FieldRule, value: unknown, report: Report): void {
  switch (rule) {
    case 'text':
    case 'shortText':
      return checkText(path, value, rule === 'text' ? limits.text : limits.shortText, report);
    case 'modelName':
      if (typeof value !== 'string' || value.trim() === '') return report(path, 'required');
      if (value.length > limits.shortText) report(path, 'tooLong');
      return;
    case 'price':
      if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0 || value > limits.priceDzd) report(path, 'price');
      return;
    case 'boolean':
      if (typeof value !== 'boolean') report(path, 'invalid');
      return;
    case 'photo':
      if (value !== null && !(isRecord(value) && typeof value.mediaId === 'string' && mediaIdPattern.test(value.mediaId))) report(path, 'photo');
      return;
  }
}

/** Changed or added fields of one entry; added entries need their kind's required fields, texts in one language at least. */
function checkEntry(path: string, kind: EntryKind, entry: Record<string, unknown>, added: boolean, report: Report): void {
  const { fields, required } = entryFields[kind];
  for (const [field, value] of Object.entries(entry)) {
    if (field === 'id' && added) continue;
    const rule = Object.hasOwn(fields, field) ? fields[field] : undefined;
    if (!rule) report(`${path}.${field}`, 'unknown');
    else if (value === null && rule !== 'photo') report(`${path}.${field}`, required.includes(field) ? 'required' : 'invalid');
    else if (value !== null) checkField(`${path}.${field}`, rule, value, report);
  }
  const textFields = required.filter((field) => fields[field] === 'text' || fields[field] === 'shortText');
  for (const field of required) {
    const value = entry[field];
    const missing = added ? value === undefined : false;
    if (missing || (textFields.includes(field) && value !== undefined && !hasSomeText(value))) report(`${path}.${field}`, 'required');
  }
}

function checkList(path: string, list: unknown, catalogue: Record<string, unknown>, context: ValidationContext, report: Report): void {
  const shape = shapeOfList(path);
  const where = `catalogue.${path}`;
  if (!shape || !listExists(path, catalogue, context)) return report(where, 'unknown');
  if (!isRecord(list)) return report(where, 'invalid');
  for (const key of Object.keys(list)) if (!['changed', 'added', 'hidden', 'order'].includes(key)) report(`${where}.${key}`, 'unknown');
  const defaults = context.defaultIds(path) ?? [];
  const addedIds = checkAdded(where, shape, list.added, defaults, path, report);
  const ids = new Set([...defaults, ...addedIds]);

  if (list.changed !== undefined) {
    if (!isRecord(list.changed)) report(`${where}.changed`, 'invalid');
    else {
      for (const [id, changes] of Object.entries(list.changed)) {
        if (!ids.has(id)) report(`${where}.changed.${id}`, 'unknown');
        else if (!isRecord(changes)) report(`${where}.changed.${id}`, 'invalid');
        else checkEntry(`${where}.changed.${id}`, shape.kind, changes, false, report);
      }
    }
  }
  for (const key of ['hidden', 'order'] as const) {
    const value = list[key];
    if (value === undefined) continue;
    if (!shape.arrangeable) report(`${where}.${key}`, 'notArrangeable');
    else if (!Array.isArray(value) || value.some((id) => typeof id !== 'string' || !ids.has(id)) || new Set(value).size !== value.length) {
      report(`${where}.${key}`, 'invalid');
    }
  }
}

/** A nested list (`truckBrands/jac/models`) belongs to an entry that exists, by default or added. */
function listExists(path: string, catalogue: Record<string, unknown>, context: ValidationContext): boolean {
  const [top = '', entryId] = path.split('/');
  if (entryId === undefined) return true;
  if (context.defaultIds(top)?.includes(entryId)) return true;
  const added = isRecord(catalogue[top]) ? (catalogue[top] as Record<string, unknown>).added : undefined;
  return Array.isArray(added) && added.some((entry) => isRecord(entry) && entry.id === entryId);
}

function checkAdded(where: string, shape: ListShape, added: unknown, defaults: readonly string[], path: string, report: Report): string[] {
  if (added === undefined) return [];
  if (!shape.addable) {
    report(`${where}.added`, 'notAddable');
    return [];
  }
  if (!Array.isArray(added)) {
    report(`${where}.added`, 'invalid');
    return [];
  }
  if (defaults.length + added.length > limits.entriesPerList) report(`${where}.added`, 'tooMany');
  const ids: string[] = [];
  added.forEach((entry: unknown, index) => {
    const at = `${where}.added.${index}`;
    if (!isRecord(entry)) return report(at, 'invalid');
    const { id, ...fields } = entry;
    if (typeof id !== 'string' || !entryIdPattern.test(id)) report(`${at}.id`, 'id');
    else if (defaults.includes(id) || ids.includes(id) || reservedIds(path).includes(id)) report(`${at}.id`, 'idTaken');
    else ids.push(id);
    const { nested } = shape;
    if (nested && Object.hasOwn(fields, nested.field)) {
      // An added entry's own list is added to as a list of its own (`<list>/<id>/<field>`).
      report(`${at}.${nested.field}`, 'unknown');
      delete fields[nested.field];
    }
    checkEntry(at, shape.kind, fields, true, report);
  });
  return ids;
}

/** Ids that would take another page's address. */
function reservedIds(path: string): string[] {
  if (path === 'wheeledTractorBrands') return sparePartSectionIds;
  if (path.endsWith('/models')) return [customModelId];
  return [];
}

function checkDealer(dealer: unknown, report: Report): void {
  if (!isRecord(dealer)) return report('dealer', 'invalid');
  for (const [key, value] of Object.entries(dealer)) {
    const at = `dealer.${key}`;
    switch (key) {
      case 'address':
      case 'openingHours':
        checkText(at, value, limits.shortText, report);
        break;
      case 'email':
        if (typeof value !== 'string' || !/^[^\s@<>,;:"()[\]\\]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/.test(value) || value.length > 254) report(at, 'email');
        break;
      case 'phones':
        if (!Array.isArray(value) || value.length === 0 || value.length > limits.phones) report(at, value === undefined ? 'invalid' : 'tooMany');
        else value.forEach((phone, index) => typeof phone === 'string' && /^\+?[0-9][0-9 ().-]{5,24}$/.test(phone) ? undefined : report(`${at}.${index}`, 'phone'));
        break;
      case 'social':
        if (!Array.isArray(value) || value.length > limits.social) report(at, 'tooMany');
        else {
          value.forEach((link: unknown, index) => {
            const name = isRecord(link) ? link.name : undefined;
            if (typeof name !== 'string' || name.trim() === '' || name.length > 40) report(`${at}.${index}.name`, 'required');
            if (!isRecord(link) || !isWebAddress(link.url)) report(`${at}.${index}.url`, 'url');
          });
        }
        break;
      case 'location': {
        const { lat, lon } = isRecord(value) ? value : {};
        const within = (n: unknown, max: number) => typeof n === 'number' && Number.isFinite(n) && Math.abs(n) <= max;
        if (!within(lat, 90) || !within(lon, 180)) report(at, 'location');
        break;
      }
      case 'promo':
        if (!isRecord(value) || typeof value.show !== 'boolean') report(at, 'invalid');
        else {
          // A text staff did not write keeps its default.
          if (value.text !== undefined) checkText(`${at}.text`, value.text, limits.shortText, report);
          if (value.linkLabel !== undefined) checkText(`${at}.linkLabel`, value.linkLabel, limits.shortText, report);
        }
        break;
      case 'figures':
        if (!Array.isArray(value) || value.length > limits.figures) report(at, 'tooMany');
        else {
          value.forEach((figure: unknown, index) => {
            const shown = isRecord(figure) ? figure.value : undefined;
            if (typeof shown !== 'string' || shown.trim() === '' || shown.length > 12) report(`${at}.${index}.value`, 'required');
            if (!isRecord(figure) || !hasSomeText(figure.label)) report(`${at}.${index}.label`, 'required');
            else checkText(`${at}.${index}.label`, figure.label, limits.shortText, report);
          });
        }
        break;
      default:
        report(at, 'unknown');
    }
  }
}

function isWebAddress(value: unknown): boolean {
  if (typeof value !== 'string' || value.length > 500) return false;
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

/** The missing translations of a text (languages left empty), for the admin's "missing" filter. */
export function missingLanguages(text: Partial<Localized> | undefined): Language[] {
  return text ? languages.filter((language) => Object.hasOwn(text, language) && (text[language] ?? '').trim() === '') : [];
}
