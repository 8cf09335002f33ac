/**
 * npm run forms:build — turns every form-schemas/<formId>.json into
 * web/shared/forms/generated/<formId>.js (bundled schema + precompiled validator)
 * and an index of the forms' titles (each form's page is prerendered with
 * it) and of their lists (the admin's inbox filter), and the forms' ids as a
 * type, `SchemaFormId`, in shared/forms/generated/form-ids.ts (a page or a
 * catalogue entry naming a form that is not there fails the type check).
 * Adding a schema file is all it takes to add a form. The staff's product editor
 * (shared/product-schema.json) gets its precompiled validator too, in
 * web/admin/generated/product-form.js.
 * FORM_SCHEMAS_DIR and FORMS_OUTPUT_DIR pick other folders (tests use them).
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FormSchema } from '../shared/forms/form-schema';
import { listFormIds, loadBundledFormSchema } from '../shared/forms/schema-files';
import productSchema from '../shared/product-schema.json';
import type { SubmissionList } from '../shared/submission-lists';
import { formFolders, generatedAdminDir } from './lib/paths';
import { precompiledFormModule } from './lib/precompile-validator';

const started = performance.now();
const { schemas: formSchemasDir, output: generatedFormsDir, formIds: formIdsFile } = formFolders();
await rm(generatedFormsDir, { recursive: true, force: true });
await mkdir(generatedFormsDir, { recursive: true });

const formIds = await listFormIds(formSchemasDir);
const titles: Record<string, FormSchema['x-title']> = {};
const lists: Record<string, SubmissionList> = {};
for (const formId of formIds) {
  const schema = await loadBundledFormSchema(formSchemasDir, formId);
  if (!schema) throw new Error(`form-schemas/${formId}.json disappeared during the build`);
  await writeFile(path.join(generatedFormsDir, `${formId}.js`), precompiledFormModule(formId, schema));
  titles[formId] = schema['x-title'];
  lists[formId] = schema['x-store'].list;
}
await writeFile(path.join(generatedFormsDir, 'form-titles.json'), `${JSON.stringify(titles, null, 2)}\n`);
await writeFile(path.join(generatedFormsDir, 'form-lists.json'), `${JSON.stringify(lists, null, 2)}\n`);
await mkdir(path.dirname(formIdsFile), { recursive: true });
await writeFile(
  formIdsFile,
  [
    '// Written by `npm run forms:build` (scripts/build-forms.ts), one id per schema of form-schemas/.',
    '',
    '/** The id of a form with a schema in form-schemas/. */',
    `export type SchemaFormId =\n${formIds.map((formId) => `  | '${formId}'`).join('\n') || '  never'};`,
    '',
  ].join('\n'),
);

await mkdir(generatedAdminDir, { recursive: true });
await writeFile(
  path.join(generatedAdminDir, 'product-form.js'),
  precompiledFormModule('product', productSchema as unknown as FormSchema, 'shared/product-schema.json'),
);
console.log(`forms:build: ${formIds.length} form(s) in ${Math.round(performance.now() - started)} ms`);
