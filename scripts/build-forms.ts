/**
 * npm run forms:build — turns every form-schemas/<formId>.json into
 * web/app/forms/generated/<formId>.js (bundled schema + precompiled validator)
 * and an index of form ids. Adding a schema file is all it takes to add a form.
 * FORM_SCHEMAS_DIR and FORMS_OUTPUT_DIR pick other folders (tests use them).
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { listFormIds, loadBundledFormSchema } from '../shared/forms/schema-files';
import { formFolders } from './lib/paths';
import { precompiledFormModule } from './lib/precompile-validator';

const started = performance.now();
const { schemas: formSchemasDir, output: generatedFormsDir } = formFolders();
await rm(generatedFormsDir, { recursive: true, force: true });
await mkdir(generatedFormsDir, { recursive: true });

const formIds = await listFormIds(formSchemasDir);
for (const formId of formIds) {
  const schema = await loadBundledFormSchema(formSchemasDir, formId);
  if (!schema) throw new Error(`form-schemas/${formId}.json disappeared during the build`);
  await writeFile(path.join(generatedFormsDir, `${formId}.js`), precompiledFormModule(formId, schema));
}
await writeFile(
  path.join(generatedFormsDir, 'form-ids.json'),
  `${JSON.stringify(formIds, null, 2)}\n`,
);
console.log(`forms:build: ${formIds.length} form(s) in ${Math.round(performance.now() - started)} ms`);
