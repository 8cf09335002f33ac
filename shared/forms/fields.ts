import type { Language } from '../languages';
import type { FieldSchema, FormSchema } from './form-schema';

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
