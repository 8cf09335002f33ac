import type { RJSFSchema } from '@rjsf/utils';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { LocalStack } from '../../infra/local/stack';
import type { FormData, FormSchema } from '../../shared/forms/form-schema';
import type { FormModule } from '../../web/shared/forms/form-modules';
import { startTestStack } from '../support/local-stack';
import { deliveredRows, documentClient, storedSubmission } from '../support/submissions';
import { makeTempDir, removeTempDir } from '../support/temp-dir';

/**
 * An analyst adds a form with one schema file and no code: a copy of
 * form-schemas/ plus a fixture whose id nothing in the code mentions goes
 * through the forms build, the checker and the real local stack.
 */

const formId = 'seed-sample-request';
const fixture = JSON.parse(
  await readFile(path.resolve('tests/fixtures/form-schemas', `${formId}.json`), 'utf8'),
) as FormSchema;
const example = fixture.examples[0] as FormData;

const run = promisify(execFile);
let workDir: string;
let schemasDir: string;
/** Inside the repository: the generated modules import ajv's runtime from node_modules. */
let outputDir: string;
let stack: LocalStack | undefined;
let dataDir: string | undefined;

beforeAll(async () => {
  workDir = await makeTempDir('add-a-form');
  schemasDir = path.join(workDir, 'form-schemas');
  await cp('form-schemas', schemasDir, { recursive: true });
  await cp(path.join('tests/fixtures/form-schemas', `${formId}.json`), path.join(schemasDir, `${formId}.json`));
  await mkdir('.tmp', { recursive: true });
  outputDir = await mkdtemp(path.resolve('.tmp/add-a-form-'));
});

afterAll(async () => {
  await stack?.stop();
  await Promise.all([removeTempDir(dataDir), removeTempDir(workDir), rm(outputDir, { recursive: true, force: true })]);
});

describe('a form added as one schema file', () => {
  test('is unknown to the code', async () => {
    const mentions: string[] = [];
    for (const folder of ['web/app', 'web/shared', 'lambdas', 'shared', 'infra', 'scripts']) {
      for (const file of await readdir(folder, { recursive: true })) {
        if (!/\.(?:ts|tsx|js|mjs|json)$/.test(file) || file.includes('generated/')) continue;
        if ((await readFile(path.join(folder, file), 'utf8')).includes(formId)) mentions.push(path.join(folder, file));
      }
    }
    expect(mentions).toEqual([]);
  });

  test('builds into a browser module whose validator accepts the example, and passes forms:check', async () => {
    const env = { ...process.env, FORM_SCHEMAS_DIR: schemasDir, FORMS_OUTPUT_DIR: outputDir };
    const node = (script: string, ...args: string[]) => run(process.execPath, ['--import', 'tsx', script, ...args], { env });
    const [build, check] = await Promise.all([node('scripts/build-forms.ts'), node('scripts/check-forms.ts')]);
    expect(build.stdout).toMatch(/forms:build: \d+ form\(s\)/);
    expect(check.stdout).toMatch(/forms:check: \d+ form\(s\) in .*, no problems/);

    const titles = JSON.parse(await readFile(path.join(outputDir, 'form-titles.json'), 'utf8')) as Record<string, unknown>;
    expect(titles[formId]).toEqual(fixture['x-title']);
    const module = (await import(pathToFileURL(path.join(outputDir, `${formId}.js`)).href)) as FormModule;
    expect(module.schema.$id).toBe(formId);
    const validator = createPrecompiledValidator<FormData, RJSFSchema>(module.validators, module.schema);
    expect(validator.validateFormData(example, module.schema).errors).toEqual([]);
    expect(validator.validateFormData({ ...example, quantityKg: 500 }, module.schema).errors.map((e) => e.name)).toEqual(['maximum']);
  });

  test('takes submissions through the API into the inbox, and into its sheet in its column order', async () => {
    ({ stack, dataDir } = await startTestStack({ formSchemasDir: schemasDir }));
    const submissionId = crypto.randomUUID();
    const response = await fetch(`${stack.siteUrl}/api/forms/${formId}/submissions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'fr' },
      body: JSON.stringify({ data: example, submissionId }),
    });
    expect(response.status).toBe(201);
    const { createdAt } = (await response.json()) as { createdAt: string };

    // The fixture's columns: crop, quantityKg, fullName, wilaya, phone, date, notes.
    expect(fixture['x-relay'].sheet).toBe('seed-sample-requests');
    expect(await deliveredRows(stack, 'seed-sample-requests', String(example.crop))).toEqual([
      [example.crop, String(example.quantityKg), example.fullName, example.wilaya, example.phone, createdAt, example.notes, submissionId.toLowerCase()],
    ]);

    const documents = documentClient(stack);
    try {
      expect(await storedSubmission(documents, stack, submissionId)).toMatchObject({ formId, list: 'inbox', createdAt, data: example });
    } finally {
      documents.destroy();
    }
  });
});
