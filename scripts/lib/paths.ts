import path from 'node:path';
import { repoRoot } from '../../infra/paths';

/** Folders the build and check scripts work on, resolved from the repository root. */
export const formSchemasDir = path.join(repoRoot, 'form-schemas');
export const generatedFormsDir = path.join(repoRoot, 'web/shared/forms/generated');
/** The forms' ids as a type, for the code outside web/ too (the catalogue names the forms it opens). */
export const generatedFormIdsFile = path.join(repoRoot, 'shared/forms/generated/form-ids.ts');
/** The admin's generated modules: the product editor's precompiled validator. */
export const generatedAdminDir = path.join(repoRoot, 'web/admin/generated');

/**
 * The schemas folder (FORM_SCHEMAS_DIR) and the generated modules' folder
 * (FORMS_OUTPUT_DIR), each defaulting to the repository's own. The output must
 * stay inside the repository: the generated modules import ajv's runtime. A
 * build into another folder writes the ids' type there too, and leaves the
 * repository's own alone.
 */
export function formFolders(env: NodeJS.ProcessEnv = process.env) {
  return {
    schemas: env.FORM_SCHEMAS_DIR ? path.resolve(env.FORM_SCHEMAS_DIR) : formSchemasDir,
    output: env.FORMS_OUTPUT_DIR ? path.resolve(env.FORMS_OUTPUT_DIR) : generatedFormsDir,
    formIds: env.FORMS_OUTPUT_DIR ? path.join(path.resolve(env.FORMS_OUTPUT_DIR), 'form-ids.ts') : generatedFormIdsFile,
  };
}
