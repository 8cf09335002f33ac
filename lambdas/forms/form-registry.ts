import type { ErrorObject, ValidateFunction } from 'ajv';
import createAjvInstance from '@rjsf/validator-ajv8/lib/createAjvInstance.js';
import type { Language } from '../../shared/languages';
import { formValidatorOptions } from '../../shared/forms/ajv-setup';
import { fieldText } from '../../shared/forms/fields';
import type { FormData, FormSchema } from '../../shared/forms/form-schema';
import { formExists, loadBundledFormSchema } from '../../shared/forms/schema-files';
import { redundantKeywords, validationMessage } from '../../shared/forms/validation-messages';

export interface FieldError {
  /** Field name, or "" for an error about the whole form. */
  field: string;
  keyword: string;
  message: string;
}

/** More than any form has fields: an answer lists at most this many, whatever the body held. */
const maxFieldErrors = 20;

export interface LoadedForm {
  id: string;
  schema: FormSchema;
  /** Validates normalized data; an empty list means valid. At most `maxFieldErrors` errors. */
  validate(data: FormData, language: Language): FieldError[];
}

/**
 * Loads and compiles form schemas on first use and keeps them for the life of
 * the process (a Lambda container), so a warm request does no file I/O.
 */
export function createFormRegistry(formSchemasDir: string) {
  const { additionalMetaSchemas, customFormats, ajvOptionsOverrides, ajvFormatOptions, AjvClass, extenderFn } =
    formValidatorOptions;
  const ajv = createAjvInstance(
    additionalMetaSchemas,
    customFormats,
    ajvOptionsOverrides,
    ajvFormatOptions,
    AjvClass,
    extenderFn,
  );
  const cache = new Map<string, Promise<LoadedForm | undefined>>();
  const exists = formExists(formSchemasDir);

  const load = async (formId: string): Promise<LoadedForm | undefined> => {
    const schema = await loadBundledFormSchema(formSchemasDir, formId);
    if (!schema) return undefined;
    const { $id: _id, ...withoutId } = schema; // ajv keeps compiled ids global; the form id is not needed here
    const check: ValidateFunction = ajv.compile(withoutId);
    return {
      id: formId,
      schema,
      validate: (data, language) =>
        check(data)
          ? []
          : (check.errors ?? [])
              .filter((error) => !redundantKeywords.has(error.keyword))
              .slice(0, maxFieldErrors)
              .map((error) => describe(schema, error, language)),
    };
  };

  return {
    async get(formId: string): Promise<LoadedForm | undefined> {
      if (!(await exists(formId))) return undefined;
      let entry = cache.get(formId);
      if (!entry) {
        entry = load(formId);
        cache.set(formId, entry);
        // A failed load (unreadable file) is retried on the next request.
        entry.catch(() => cache.delete(formId));
      }
      return entry;
    },
  };
}

function describe(schema: FormSchema, error: ErrorObject, language: Language): FieldError {
  const field =
    error.keyword === 'required'
      ? String(error.params.missingProperty)
      : (error.instancePath.split('/')[1] ?? '');
  return {
    field,
    keyword: error.keyword,
    message: validationMessage(error, fieldText(schema, field, language), language),
  };
}
