import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
import type { FormSchema } from '../../../shared/forms/form-schema';

/** What scripts/build-forms.ts generates for each form: its bundled schema and precompiled validators. */
export interface FormModule {
  schema: FormSchema;
  validators: ValidatorFunctions;
}

// One lazily loaded chunk per form; a new schema file becomes a new chunk at the next build.
const modules = import.meta.glob<FormModule>('./generated/*.js');

export async function loadFormModule(formId: string): Promise<FormModule | undefined> {
  const load = modules[`./generated/${formId}.js`];
  return load ? load() : undefined;
}
