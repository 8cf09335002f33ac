/**
 * npm run forms:build — turns every form-schemas/<formId>.json into
 * web/app/forms/generated/<formId>.js (bundled schema + precompiled validator)
 * and an index of the forms' titles (each form's page is prerendered with
 * it). Adding a schema file is all it takes to add a form.
 * FORM_SCHEMAS_DIR and FORMS_OUTPUT_DIR pick other folders (tests use them).
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FormSchema } from '../shared/forms/form-schema';
import { listFormIds, loadBundledFormSchema } from '../shared/forms/schema-files';
import { formFolders } from './lib/paths';
import { precompiledFormModule } from './lib/precompile-validator';

const started = performance.now();
const { schemas: formSchemasDir, output: generatedFormsDir } = formFolders();
await rm(generatedFormsDir, { recursive: true, force: true });
await mkdir(generatedFormsDir, { recursive: true });

const formIds = await listFormIds(formSchemasDir);
const titles: Record<string, FormSchema['x-title']> = {};
for (const formId of formIds) {
  const schema = await loadBundledFormSchema(formSchemasDir, formId);
  if (!schema) throw new Error(`form-schemas/${formId}.json disappeared during the build`);
  await writeFile(path.join(generatedFormsDir, `${formId}.js`), precompiledFormModule(formId, schema));
  titles[formId] = schema['x-title'];
}
await writeFile(path.join(generatedFormsDir, 'form-titles.json'), `${JSON.stringify(titles, null, 2)}\n`);
console.log(`forms:build: ${formIds.length} form(s) in ${Math.round(performance.now() - started)} ms`);
