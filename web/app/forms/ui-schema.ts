import type { UiSchema } from '@rjsf/utils';
import { fieldSchema } from '../../../shared/forms/fields';
import type { FormSchema } from '../../../shared/forms/form-schema';
import type { Language } from '../../../shared/languages';

/**
 * Derives the RJSF uiSchema for one language from the schema's `x-`
 * annotations. Labels go through the uiSchema, never into the schema: the
 * precompiled validator only accepts the exact schema it was built from.
 */
export function buildUiSchema(schema: FormSchema, language: Language): UiSchema {
  const uiSchema: UiSchema = {
    'ui:order': Object.keys(schema.properties),
    'ui:submitButtonOptions': { norender: true },
  };
  for (const name of Object.keys(schema.properties)) {
    const field = fieldSchema(schema, name);
    if (!field) continue;
    const enumLabels = field['x-enumLabels'];
    const widget = field['x-widget'];
    uiSchema[name] = {
      'ui:title': field['x-label']?.[language] ?? name,
      'ui:placeholder': field['x-placeholder']?.[language],
      'ui:help': field['x-help']?.[language],
      'ui:autocomplete': field['x-autocomplete'] ?? 'off',
      ...(widget === 'textarea' && { 'ui:widget': 'textarea' }),
      ...((widget === 'tel' || widget === 'email') && { 'ui:options': { inputType: widget } }),
      ...(enumLabels && {
        'ui:enumNames': Object.fromEntries(Object.entries(enumLabels).map(([value, label]) => [value, label[language]])),
      }),
    };
  }
  return uiSchema;
}
