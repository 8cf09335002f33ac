import type { RJSFValidationError } from '@rjsf/utils';
import { nestedFieldText } from '../../../shared/forms/fields';
import type { FormSchema } from '../../../shared/forms/form-schema';
import { redundantKeywords, validationMessage } from '../../../shared/forms/validation-messages';
import type { Language } from '../../../shared/languages';

/**
 * RJSF's `transformErrors` for a schema: each error in the language, naming
 * its field by its label (a property inside an object field by its own, "Name
 * in French"), the same messages as the API's 400 answers.
 */
export function localizedErrors(schema: FormSchema, language: Language) {
  return (errors: RJSFValidationError[]) =>
    errors
      .filter((error) => !redundantKeywords.has(error.name ?? ''))
      .map((error) => {
        const path = (error.property ?? '').split('.').filter(Boolean);
        const message = validationMessage({ keyword: error.name ?? '', params: error.params ?? {} }, nestedFieldText(schema, path, language), language);
        return { ...error, message, stack: message };
      });
}
