import type { CustomValidatorOptionsType } from '@rjsf/validator-ajv8';
import { _, type Ajv, type KeywordCxt } from 'ajv';

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
  return ajv.addKeyword({
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
}
