import type { CustomValidatorOptionsType } from '@rjsf/validator-ajv8';
import { _, type Ajv, type KeywordCxt } from 'ajv';
import { useFunc } from 'ajv/dist/compile/util';
import { readablePhoneNumber } from './phone-number';

/**
 * Options shared by the browser's precompiled validators (scripts/build-forms)
 * and the API's validators (lambdas/forms), so both accept exactly the same data.
 * The `x-` annotations need no registration (RJSF's Ajv runs with strict mode
 * off); only the keywords that validate are added here.
 */
export const formValidatorOptions: CustomValidatorOptionsType = {
  extenderFn: (ajv) => addFormKeywords(ajv as unknown as Ajv) as unknown as typeof ajv,
};

/**
 * `x-maxCurrentYear: true`: a year may not be later than the current year at the
 * moment of validation (not of the build). Written as generated code so that
 * the precompiled browser validator evaluates it at run time too.
 */
export function addFormKeywords(ajv: Ajv): Ajv {
  ajv.addKeyword({
    keyword: 'x-maxCurrentYear',
    type: 'number',
    schemaType: 'boolean',
    error: {
      message: 'must not be later than the current year',
      params: () => _`{limit: new Date().getFullYear()}`,
    },
    code(cxt: KeywordCxt) {
      if (cxt.schema === true) cxt.fail(_`${cxt.data} > new Date().getFullYear()`);
    },
  });
  return ajv.addKeyword({
    keyword: 'x-phone',
    type: 'string',
    schemaType: 'boolean',
    error: { message: 'must be an Algerian or international phone number' },
    code(cxt: KeywordCxt) {
      if (cxt.schema === true) cxt.fail(_`${useFunc(cxt.gen, phoneRule)}(${cxt.data}) === undefined`);
    },
  });
}

/**
 * `x-phone: true`: the text is a phone number (shared/forms/phone-number.ts).
 * The API runs the function itself; a precompiled validator gets its source
 * as code (`code` is what ajv writes for a function in standalone output).
 */
const phoneRule = Object.assign((text: unknown) => readablePhoneNumber(text), {
  code: `(${readablePhoneNumber.toString()})`,
});
