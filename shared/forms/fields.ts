import type { Language } from '../languages';
import type { FieldSchema, FormData, FormSchema } from './form-schema';

/** A property's schema with a local `$ref` resolved (sibling keywords win). */
export function fieldSchema(schema: FormSchema, name: string): FieldSchema | undefined {
  const property = schema.properties[name];
  if (!property?.$ref) return property;
  const target = property.$ref.match(/^#\/\$defs\/(.+)$/)?.[1];
  const { $ref: _ref, ...siblings } = property;
  return { ...(target ? schema.$defs?.[target] : undefined), ...siblings };
}

/** The field's label in the given language, or its name when it has none. */
export function fieldLabel(schema: FormSchema, name: string, language: Language): string {
  return fieldSchema(schema, name)?.['x-label']?.[language] ?? name;
}

/** The label of one of a field's options (an enum value) in the given language, when the schema gives one. */
export function optionLabel(schema: FormSchema, name: string, value: string, language: Language): string | undefined {
  return fieldSchema(schema, name)?.['x-enumLabels']?.[value]?.[language];
}

/** What validation messages need to know of a field, in the given language. */
export function fieldText(schema: FormSchema, name: string, language: Language) {
  return { label: fieldLabel(schema, name, language), errorMessages: fieldSchema(schema, name)?.['x-errorMessages'] };
}

/**
 * What a validation message needs to know of the field at `path` (a top-level
 * field, or a property inside one: `["name", "fr"]`): named by the innermost
 * labelled property, the product's "Name in French".
 */
export function nestedFieldText(schema: FormSchema, path: string[], language: Language) {
  const text = fieldText(schema, path[0] ?? '', language);
  let property: FieldSchema | undefined = fieldSchema(schema, path[0] ?? '');
  const inner = path.slice(1).filter((segment) => !/^\d+$/.test(segment));
  for (const name of inner) property = (property?.properties as Record<string, FieldSchema> | undefined)?.[name];
  const label = inner.length > 0 ? property?.['x-label']?.[language] : undefined;
  return label ? { ...text, label } : text;
}

/** The shared definitions (form-schemas/definitions.json) a submission's contact details come from. */
const contactDefinitions = { name: 'fullName', phone: 'phone', wilaya: 'wilaya' } as const;

export type ContactDetail = keyof typeof contactDefinitions;

/**
 * The visitor's name, phone and wilaya in a submission: the values of the
 * fields that reuse the shared definitions, whatever the form calls them
 * (the contact form's `name` is a fullName). Absent details are left out.
 */
export function contactDetails(schema: FormSchema, data: FormData): Partial<Record<ContactDetail, string>> {
  const details: Partial<Record<ContactDetail, string>> = {};
  for (const [name, property] of Object.entries(schema.properties)) {
    const detail = contactDetailOf(property);
    const value = data[name];
    if (detail && !(detail in details) && typeof value === 'string' && value !== '') details[detail] = value;
  }
  return details;
}

/** The field holding each contact detail (the first one, when a form has several). */
export function contactFields(schema: FormSchema): Partial<Record<ContactDetail, string>> {
  const fields: Partial<Record<ContactDetail, string>> = {};
  for (const [name, property] of Object.entries(schema.properties)) {
    const detail = contactDetailOf(property);
    if (detail && !(detail in fields)) fields[detail] = name;
  }
  return fields;
}

function contactDetailOf(property: FieldSchema): ContactDetail | undefined {
  const definition = property.$ref?.match(/#\/\$defs\/(.+)$/)?.[1];
  return (Object.keys(contactDefinitions) as ContactDetail[]).find((key) => contactDefinitions[key] === definition);
}
