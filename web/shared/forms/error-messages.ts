import type { RJSFValidationError } from '@rjsf/utils';
import { formErrorMessages } from '../../../shared/forms/error-messages';
import type { FormSchema } from '../../../shared/forms/form-schema';
import type { Language } from '../../../shared/languages';

/**
 * RJSF's `transformErrors` for a schema: each error in the language, naming
 * its field by its label (a property inside an object field by its own, "Name
 * in French"), the same messages as the API's 400 answers.
 */
export function localizedErrors(schema: FormSchema, language: Language) {
  return (errors: RJSFValidationError[]) =>
    formErrorMessages(
      schema,
      errors.map((error) => ({ error, keyword: error.name ?? '', params: error.params ?? {}, path: (error.property ?? '').split('.').filter(Boolean) })),
      language,
    ).map(({ error, message }) => ({ ...error, message, stack: message }));
}
