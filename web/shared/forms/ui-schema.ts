import type { UiSchema } from '@rjsf/utils';
import { fieldSchema } from '../../../shared/forms/fields';
import type { FieldSchema, FormSchema } from '../../../shared/forms/form-schema';
import type { Language } from '../../../shared/languages';

interface UiState {
  /** Context fields the page fixed, with the text the visitor reads in each: shown read-only. */
  fixed: Map<string, string>;
  /** Fields hidden by their `x-showIf` conditions. */
  hidden: Set<string>;
}

/**
 * Derives the RJSF uiSchema for one language from the schema's `x-`
 * annotations. Labels go through the uiSchema, never into the schema: the
 * precompiled validator only accepts the exact schema it was built from.
 */
export function buildUiSchema(schema: FormSchema, language: Language, { fixed, hidden }: UiState): UiSchema {
  const uiSchema: UiSchema = {
    'ui:order': Object.keys(schema.properties),
    'ui:submitButtonOptions': { norender: true },
  };
  for (const name of Object.keys(schema.properties)) {
    const field = fieldSchema(schema, name);
    if (!field) continue;
    const shownValue = fixed.get(name);
    const own = fieldUiSchema(field, name, language);
    uiSchema[name] = {
      ...own,
      // What is shown may differ from the value sent (a catalogue name in the visitor's language): see FixedValueWidget.
      ...(shownValue !== undefined && {
        'ui:readonly': true,
        'ui:widget': 'FixedValueWidget',
        'ui:options': { ...(own['ui:options'] as object | undefined), shownValue },
      }),
      ...(hidden.has(name) && { 'ui:widget': 'hidden' }),
    };
  }
  return uiSchema;
}

/** One field's uiSchema from its `x-` annotations; the properties of an object field get theirs. */
export function fieldUiSchema(field: FieldSchema, name: string, language: Language): UiSchema {
  const enumLabels = field['x-enumLabels'];
  const widget = field['x-widget'];
  const uiSchema: UiSchema = {
    'ui:title': field['x-label']?.[language] ?? name,
    'ui:placeholder': field['x-placeholder']?.[language],
    'ui:help': field['x-help']?.[language] ?? rangeHelp(field, language),
    'ui:autocomplete': (field['x-autocomplete'] ?? 'off') as AutoFill,
    ...(widget === 'textarea' && { 'ui:widget': 'textarea' }),
    ...(widget === 'images' && { 'ui:widget': 'ImagesWidget' }),
    ...((widget === 'tel' || widget === 'email') && { 'ui:options': { inputType: widget } }),
    ...(enumLabels && {
      'ui:enumNames': Object.fromEntries(Object.entries(enumLabels).map(([value, label]) => [value, label[language]])),
    }),
  };
  const properties = field.properties as Record<string, FieldSchema> | undefined;
  for (const [property, schema] of Object.entries(properties ?? {})) uiSchema[property] = fieldUiSchema(schema, property, language);
  return uiSchema;
}

const rangeTexts: Record<Language, (lowest: number, highest: number) => string> = {
  ar: (lowest, highest) => `من ${lowest} إلى ${highest}`,
  fr: (lowest, highest) => `De ${lowest} à ${highest}`,
  en: (lowest, highest) => `From ${lowest} to ${highest}`,
};

/** A number field's range, stated under it (a year: "From 1900 to" the current year). */
function rangeHelp(field: FieldSchema, language: Language): string | undefined {
  const highest = field['x-maxCurrentYear'] ? new Date().getFullYear() : field.maximum;
  return field.minimum === undefined || highest === undefined ? undefined : rangeTexts[language](field.minimum, highest);
}
