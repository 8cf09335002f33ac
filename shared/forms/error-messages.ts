import type { Language } from '../languages';
import { nestedFieldText } from './fields';
import type { FormSchema } from './form-schema';
import { redundantKeywords, validationMessage, type ValidationIssue } from './validation-messages';

/** A validation error on the property at `path`, by property names from the form's top (`['name', 'fr']`). */
export interface FormIssue extends ValidationIssue {
  path: string[];
}

/**
 * A form's validation errors as people read them, the one way for the
 * browser's form (RJSF's errors) and the API's 400 answers (ajv's): each in
 * the language, naming its field by the innermost labelled property ("Name
 * in French"); errors that only repeat another are left out.
 */
export function formErrorMessages<I extends FormIssue>(schema: FormSchema, issues: I[], language: Language): (I & { message: string })[] {
  return issues
    .filter((issue) => !redundantKeywords.has(issue.keyword))
    .map((issue) => ({ ...issue, message: validationMessage(issue, nestedFieldText(schema, issue.path, language), language) }));
}
