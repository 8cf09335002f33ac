import type { ErrorObject, ValidateFunction } from 'ajv';
import createAjvInstance from '@rjsf/validator-ajv8/lib/createAjvInstance.js';
import type { Language } from '../../shared/languages';
import { formValidatorOptions } from '../../shared/forms/ajv-setup';
import type { FormData, FormSchema } from '../../shared/forms/form-schema';
import { formExists, loadBundledFormSchema } from '../../shared/forms/schema-files';
import { formErrorMessages, type FormIssue } from '../../shared/forms/error-messages';

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
        : formErrorMessages(schema, (check.errors ?? []).map(issueOf), language)
            .slice(0, maxFieldErrors)
            .map(({ path, keyword, message }) => ({ field: path[0] ?? '', keyword, message }));
  };
}

/** An ajv error on the property it is about: a missing one's own path, not its parent's. */
function issueOf(error: ErrorObject): FormIssue {
  const path = error.instancePath.split('/').slice(1);
  if (error.keyword === 'required') path.push(String(error.params.missingProperty));
  return { keyword: error.keyword, params: error.params, path };
}
