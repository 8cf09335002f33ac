import type { RJSFSchema } from '@rjsf/utils';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import { describe, expect, it } from 'vitest';
import { createFormRegistry } from '../../lambdas/forms/form-registry';
import type { FormData } from '../../shared/forms/form-schema';
import { readablePhoneNumber } from '../../shared/forms/phone-number';
import { phoneSearchKey } from '../../shared/submissions';
import { localizedErrors } from '../../web/shared/forms/error-messages';
import type { FormModule } from '../../web/shared/forms/form-modules';

/** What farmers type, and the one form the sheet and the inbox get. */
const accepted: [typed: string, readable: string][] = [
  ['0555 12 34 56', '0555 12 34 56'],
  ['0555123456', '0555 12 34 56'],
  ['0661.23.45.67', '0661 23 45 67'],
  ['0771-23-45-67', '0771 23 45 67'],
  ['+213 661 23 45 67', '0661 23 45 67'],
  ['+213 (0) 661 23 45 67', '0661 23 45 67'],
  ['00213 771 23 45 67', '0771 23 45 67'],
  ['021 23 45 67', '021 23 45 67'],
  ['036.93.12.34', '036 93 12 34'],
  ['+213 49 12 34 56', '049 12 34 56'],
  ['٠٥٥٥ ١٢ ٣٤ ٥٦', '0555 12 34 56'],
  ['+33 6 12 34 56 78', '+33 6 12 34 56 78'],
  ['0033612345678', '+33 6 12 34 56 78'],
  ['0044 20 7946 0958', '+44 20 79 46 09 58'],
  ['+1 (202) 555-0143', '+1 20 25 55 01 43'],
  ['+7 912 345-67-89', '+7 91 23 45 67 89'],
  ['00212 661 23 45 67', '+212 6 61 23 45 67'],
  ['+966 50 123 4567', '+966 5 01 23 45 67'],
];

const refused = [
  'abc',
  '0555',
  '0555 12 34 5',
  '0555 12 34 567',
  '0855 12 34 56',
  '555 12 34 56',
  '+213 555 12',
  '+213 12 34 56 78 90',
  '+0 123 456 789',
  '+12345',
  '0555 12 34 56 ext',
  '=HYPERLINK("x")',
];

describe('the phone rule', () => {
  it.each(accepted)('reads %j as %j', (typed, readable) => {
    expect(readablePhoneNumber(typed)).toBe(readable);
    expect(readablePhoneNumber(readable)).toBe(readable);
  });

  it.each(refused)('refuses %j', (typed) => {
    expect(readablePhoneNumber(typed)).toBeUndefined();
  });

  it('gives the inbox the same search key for a number however it was typed', () => {
    const keys = new Set(['0661 23 45 67', '+213661234567', '00213 661 23 45 67'].map((typed) => phoneSearchKey(readablePhoneNumber(typed)!)));
    expect([...keys]).toEqual(['661234567']);
    expect(phoneSearchKey(readablePhoneNumber('+33 6 12 34 56 78')!)).toBe(phoneSearchKey('+33 6 12 34 56 78'));
    // Staff searching with an Arabic keyboard find the same orders.
    expect(phoneSearchKey('٠٦٦١ ٢٣ ٤٥ ٦٧')).toBe('661234567');
  });
});

describe('phone fields in the browser and the API', async () => {
  const formId = 'tractor-order';
  const form = (await createFormRegistry('form-schemas').get(formId))!;
  const example = form.schema.examples[0]!;
  const module = (await import(`../../web/shared/forms/generated/${formId}.js`)) as FormModule;
  const validator = createPrecompiledValidator<FormData, RJSFSchema>(module.validators, module.schema);
  const browserErrors = (data: FormData) => validator.validateFormData(data, module.schema).errors;

  it('accept every way of typing a number, on both sides', () => {
    for (const [typed] of accepted) {
      expect(form.validate({ ...example, phone: typed }, 'en')).toEqual([]);
      expect(browserErrors({ ...example, phone: typed })).toEqual([]);
    }
  });

  it('refuse anything else with the same message naming the field, in each language', () => {
    const named = { ar: '«رقم الهاتف»', fr: '« Téléphone »', en: 'Phone:' } as const;
    for (const typed of refused) {
      const browser = browserErrors({ ...example, phone: typed });
      expect(browser.map((error) => error.name)).toEqual(['x-phone']);
      for (const language of ['ar', 'fr', 'en'] as const) {
        const api = form.validate({ ...example, phone: typed }, language);
        expect(api).toEqual([expect.objectContaining({ field: 'phone', keyword: 'x-phone' })]);
        expect(api[0]!.message).toContain(named[language]);
        expect(localizedErrors(form.schema, language)(browser).map((error) => error.message)).toEqual([api[0]!.message]);
      }
    }
  });
});
