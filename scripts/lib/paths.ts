import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Folders the build and check scripts work on, resolved from the repository root. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const formSchemasDir = path.join(repoRoot, 'form-schemas');
export const generatedFormsDir = path.join(repoRoot, 'web/app/forms/generated');
/** The admin's generated modules: the product editor's precompiled validator. */
export const generatedAdminDir = path.join(repoRoot, 'web/admin/generated');

/**
 * The schemas folder (FORM_SCHEMAS_DIR) and the generated modules' folder
 * (FORMS_OUTPUT_DIR), each defaulting to the repository's own. The output must
 * stay inside the repository: the generated modules import ajv's runtime.
 */
export function formFolders(env: NodeJS.ProcessEnv = process.env) {
  return {
    schemas: env.FORM_SCHEMAS_DIR ? path.resolve(env.FORM_SCHEMAS_DIR) : formSchemasDir,
    output: env.FORMS_OUTPUT_DIR ? path.resolve(env.FORMS_OUTPUT_DIR) : generatedFormsDir,
  };
}
