import type { RJSFSchema } from '@rjsf/utils';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import { describe, expect, it } from 'vitest';
import { createFormRegistry } from '../../lambdas/forms/form-registry';
import { fieldLabel, fieldSchema } from '../../shared/forms/fields';
import type { FormData } from '../../shared/forms/form-schema';
import { listFormIds } from '../../shared/forms/schema-files';
import { languages } from '../../shared/languages';
import type { FormModule } from '../../web/shared/forms/form-modules';

const schemasDir = 'form-schemas';
const registry = createFormRegistry(schemasDir);
const formIds = await listFormIds(schemasDir);

async function browserValidator(formId: string) {
  const module = (await import(`../../web/shared/forms/generated/${formId}.js`)) as FormModule;
  const validator = createPrecompiledValidator<FormData, RJSFSchema>(module.validators, module.schema);
  return (data: FormData) => validator.validateFormData(data, module.schema).errors;
}

describe.each(formIds)('form %s', (formId) => {
  it('has examples that the API and the browser both accept', async () => {
    const form = (await registry.get(formId))!;
    const browserErrors = await browserValidator(formId);
    expect(form.schema.examples.length).toBeGreaterThan(0);
    for (const example of form.schema.examples) {
      expect(form.validate(example, 'en')).toEqual([]);
      expect(browserErrors(example)).toEqual([]);
    }
  });

  it('rejects each required field left empty, on both sides, naming the field in every language', async () => {
    const form = (await registry.get(formId))!;
    const browserErrors = await browserValidator(formId);
    const example = form.schema.examples[0]!;
    for (const field of form.schema.required ?? []) {
      const { [field]: _removed, ...incomplete } = example;
      expect(browserErrors(incomplete).map((e) => e.name)).toContain('required');
      for (const language of languages) {
        const errors = form.validate(incomplete, language);
        expect(errors).toEqual([
          expect.objectContaining({ field, keyword: 'required', message: expect.stringContaining(fieldLabel(form.schema, field, language)) }),
        ]);
      }
    }
  });

  it('takes context from the page as short texts, and photos as uploads of this form', async () => {
    const form = (await registry.get(formId))!;
    for (const name of Object.keys(form.schema.properties)) {
      const field = fieldSchema(form.schema, name)!;
      if (field['x-context']) expect(field).toMatchObject({ type: 'string', minLength: 1, maxLength: 200 });
      if (field['x-widget'] !== 'images') continue;
      for (const example of form.schema.examples) {
        for (const url of (example[name] as string[] | undefined) ?? []) {
          expect(url).toMatch(new RegExp(`^https://example\\.com/uploads/${formId}/[0-9a-f-]{36}\\.jpg$`));
        }
      }
    }
  });

  it('rejects fields the schema does not declare', async () => {
    const form = (await registry.get(formId))!;
    const errors = form.validate({ ...form.schema.examples[0]!, injected: 'x' }, 'fr');
    expect(errors.map((e) => e.keyword)).toEqual(['additionalProperties']);
  });
});

describe('form registry', () => {
  it('knows no form outside form-schemas/ (no path tricks)', async () => {
    for (const id of ['definitions', '../package', 'tractor-order/../definitions', 'TRACTOR-ORDER', '']) {
      expect(await registry.get(id)).toBeUndefined();
    }
  });
});
