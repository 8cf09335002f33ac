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
    const definition = property.$ref?.match(/#\/\$defs\/(.+)$/)?.[1];
    const detail = (Object.keys(contactDefinitions) as ContactDetail[]).find((key) => contactDefinitions[key] === definition);
    const value = data[name];
    if (detail && !(detail in details) && typeof value === 'string' && value !== '') details[detail] = value;
  }
  return details;
}
