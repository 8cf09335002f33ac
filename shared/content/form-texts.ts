import type { DefinitionsDocument, FieldSchema, FormSchema } from '../forms/form-schema';
import type { Localized } from '../languages';
import type { ContentOverrides } from './model';
import { withTranslations } from './resolve';
import type { TextEntry } from './texts';

/**
 * The order forms' texts staff translate: a form's title (`x-title`) and its
 * fields' labels, help and placeholders (`x-label`, `x-help`,
 * `x-placeholder`). A field written in the form has keys
 * `forms.<formId>.fields.<field>.<label|help|placeholder>`; one taken from the
 * shared definitions (definitions.json, bundled into each form's `$defs`) has
 * `forms.definitions.<name>.<…>`, once for every form that uses it.
 */

const fieldTexts = { label: 'x-label', help: 'x-help', placeholder: 'x-placeholder' } as const;

export function formTitleKey(formId: string): string {
  return `forms.${formId}.title`;
}

function fieldKey(formId: string, field: string, text: keyof typeof fieldTexts): string {
  return `forms.${formId}.fields.${field}.${text}`;
}

function definitionKey(name: string, text: keyof typeof fieldTexts): string {
  return `forms.definitions.${name}.${text}`;
}

function fieldEntries(field: FieldSchema, key: (text: keyof typeof fieldTexts) => string): TextEntry[] {
  return (Object.keys(fieldTexts) as (keyof typeof fieldTexts)[]).flatMap((text) => {
    const value = field[fieldTexts[text]] as Localized | undefined;
    return value ? [{ key: key(text), group: 'forms', default: value }] : [];
  });
}

/** Every form text with its default, from the schemas as written (form-schemas/*.json) and the shared definitions. */
export function formTextEntries(schemas: Record<string, FormSchema>, definitions: DefinitionsDocument[]): TextEntry[] {
  return [
    ...Object.entries(schemas).flatMap(([formId, schema]) => [
      ...(schema['x-title'] ? [{ key: formTitleKey(formId), group: 'forms', default: schema['x-title'] }] : []),
      ...Object.entries(schema.properties).flatMap(([name, field]) => fieldEntries(field, (text) => fieldKey(formId, name, text))),
    ]),
    ...definitions.flatMap((document) =>
      Object.entries(document.$defs).flatMap(([name, field]) => fieldEntries(field, (text) => definitionKey(name, text))),
    ),
  ];
}

/**
 * A bundled form schema with staff's translations in its texts, for labels,
 * help, the title and validation messages. The validator keeps the schema it
 * was built from (the precompiled one accepts no other).
 */
export function withFormTexts(schema: FormSchema, formId: string, texts: ContentOverrides['texts']): FormSchema {
  if (!texts || !Object.keys(texts).some((key) => key.startsWith('forms.'))) return schema;
  const translated = (field: FieldSchema, key: (text: keyof typeof fieldTexts) => string): FieldSchema => {
    const result = { ...field };
    for (const text of Object.keys(fieldTexts) as (keyof typeof fieldTexts)[]) {
      const value = field[fieldTexts[text]] as Localized | undefined;
      if (value && Object.hasOwn(texts, key(text))) result[fieldTexts[text]] = withTranslations(value, texts[key(text)]);
    }
    return result;
  };
  const title = schema['x-title'];
  return {
    ...schema,
    ...(title && { 'x-title': withTranslations(title, Object.hasOwn(texts, formTitleKey(formId)) ? texts[formTitleKey(formId)] : undefined) }),
    properties: Object.fromEntries(
      Object.entries(schema.properties).map(([name, field]) => [name, translated(field, (text) => fieldKey(formId, name, text))]),
    ),
    ...(schema.$defs && {
      $defs: Object.fromEntries(Object.entries(schema.$defs).map(([name, field]) => [name, translated(field, (text) => definitionKey(name, text))])),
    }),
  };
}
