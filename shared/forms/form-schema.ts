import type { Localized } from '../languages';
import type { SubmissionList } from '../submission-lists';

/**
 * The vocabulary a form schema in form-schemas/ may use on top of JSON Schema.
 * Every `x-` keyword is an annotation: validators ignore it, the client turns
 * it into the RJSF uiSchema, the API turns it into the relay row and the store.
 */

/** One cell of the relay row. */
export type RelayColumn =
  /** The value of a form field (arrays are joined with ", "). */
  | string
  /** A value the server sets: the ISO timestamp of the submission. */
  | { value: 'submittedAt' }
  /** The non-empty values of several fields joined by a separator. */
  | { join: string[]; separator: string }
  /** The first non-empty value among several fields (e.g. a free text typed in place of "Other"). */
  | { first: string[] };

export interface RelaySpec {
  /** Sheet key; the relay URL for it is server-side configuration. */
  sheet: string;
  columns: RelayColumn[];
}

export interface StoreSpec {
  /** Where staff find the submissions: the inbox (orders, messages) or the subscriptions list. */
  list: SubmissionList;
}

export type FieldWidget = 'text' | 'textarea' | 'tel' | 'email' | 'images';

/** Limits of a photo field (an array of uploaded image URLs); the count comes from maxItems. */
export interface UploadSpec {
  /** Largest file accepted, in bytes. Default 10 MB. */
  maxBytes?: number;
  /** Accepted MIME types. Default JPEG, PNG, GIF and WebP. */
  accept?: string[];
}

export type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object' | 'null';

export interface FieldSchema {
  type?: JsonType | JsonType[];
  enum?: (string | number | boolean | null)[];
  readOnly?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  items?: FieldSchema;
  $ref?: string;
  'x-label'?: Localized;
  'x-placeholder'?: Localized;
  'x-help'?: Localized;
  'x-widget'?: FieldWidget;
  'x-autocomplete'?: string;
  /** Option labels keyed by the submitted enum value. */
  'x-enumLabels'?: Record<string, Localized>;
  /** Messages that replace the generic ones, by failing keyword (e.g. minItems). */
  'x-errorMessages'?: Record<string, Localized>;
  /**
   * Context the page supplies (the item clicked, or ?field= in a /forms link):
   * shown read-only when given, typed by the visitor otherwise.
   */
  'x-context'?: boolean;
  /**
   * Shown only while other fields hold these values (e.g. the "Other" text of a
   * choice); hidden, it is cleared. The schema's if/then states the same rule
   * for validation.
   */
  'x-showIf'?: Record<string, string>;
  /** The value may not be later than the current year at the moment of validation. */
  'x-maxCurrentYear'?: boolean;
  /**
   * The value is an Algerian or international phone number, as farmers type it
   * (shared/forms/phone-number.ts); it is kept in one readable form.
   */
  'x-phone'?: boolean;
  'x-upload'?: UploadSpec;
  [keyword: string]: unknown;
}

export type FormData = Record<string, unknown>;

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export interface FormSchema {
  $id: string;
  $comment?: string;
  type: 'object';
  required?: string[];
  properties: Record<string, FieldSchema>;
  $defs?: Record<string, FieldSchema>;
  'x-title': Localized;
  'x-relay': RelaySpec;
  'x-store': StoreSpec;
  /** What the visitor sees after sending: the green banner (default) or the /thank-you page. */
  'x-onSuccess'?: 'banner' | 'thank-you';
  /** The send button's label, when "Send Order" does not fit (a message, a subscription). */
  'x-submitLabel'?: Localized;
  /** Valid submissions; tests and docs use them. */
  examples: { [field: string]: JsonValue }[];
  [keyword: string]: unknown;
}

/** A document of shared definitions, such as form-schemas/definitions.json. */
export interface DefinitionsDocument {
  $id: string;
  $defs: Record<string, FieldSchema>;
}

/**
 * Every `x-` keyword typed above, by where it may appear: `form` keywords at the
 * root of a form schema, `field` keywords on a field (a property, a shared
 * definition, or any schema inside them). `npm run forms:check` rejects any
 * other `x-` keyword, so a new keyword is added to its type and here.
 */
export const vocabularyKeywords = {
  form: ['x-title', 'x-relay', 'x-store', 'x-onSuccess', 'x-submitLabel'],
  field: [
    'x-label',
    'x-placeholder',
    'x-help',
    'x-widget',
    'x-autocomplete',
    'x-enumLabels',
    'x-errorMessages',
    'x-context',
    'x-showIf',
    'x-maxCurrentYear',
    'x-phone',
    'x-upload',
  ],
} as const;

/** Form ids are file names: lower-case words joined by hyphens. */
export const formIdPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The name of the file holding the shared definitions. */
export const definitionsFile = 'definitions.json';

/** Field names the relay row reads, in column order. */
export function relayFields(schema: FormSchema): string[] {
  return schema['x-relay'].columns.flatMap((column) =>
    typeof column === 'string' ? [column] : 'join' in column ? column.join : 'first' in column ? column.first : [],
  );
}
