import type { ErrorObject, ValidateFunction } from 'ajv';
import createAjvInstance from '@rjsf/validator-ajv8/lib/createAjvInstance.js';
import type { Language } from '../../shared/languages';
import { formValidatorOptions } from '../../shared/forms/ajv-setup';
import { nestedFieldText } from '../../shared/forms/fields';
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
  const compile = createSchemaCompiler();
  const cache = new Map<string, Promise<LoadedForm | undefined>>();
  const exists = formExists(formSchemasDir);

  const load = async (formId: string): Promise<LoadedForm | undefined> => {
    const schema = await loadBundledFormSchema(formSchemasDir, formId);
    if (!schema) return undefined;
    return { id: formId, schema, validate: compile(schema) };
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

/**
 * Compiles schemas with the same ajv setup as the browser's precompiled
 * validators (shared/forms/ajv-setup.ts): the order forms, and the staff's
 * product editor (shared/product-schema.json).
 */
export function createSchemaCompiler() {
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
  return (schema: FormSchema): LoadedForm['validate'] => {
    const { $id: _id, ...withoutId } = schema; // ajv keeps compiled ids global; the id is not needed here
    const check: ValidateFunction = ajv.compile(withoutId);
    return (data, language) =>
      check(data)
        ? []
        : (check.errors ?? [])
            .filter((error) => !redundantKeywords.has(error.keyword))
            .slice(0, maxFieldErrors)
            .map((error) => describe(schema, error, language));
  };
}

/** The error on its top-level field, named by the innermost labelled property (the product's "Name in French"). */
function describe(schema: FormSchema, error: ErrorObject, language: Language): FieldError {
  const path = error.instancePath.split('/').slice(1);
  if (error.keyword === 'required') path.push(String(error.params.missingProperty));
  const field = path[0] ?? '';
  return {
    field,
    keyword: error.keyword,
    message: validationMessage(error, nestedFieldText(schema, path, language), language),
  };
}
