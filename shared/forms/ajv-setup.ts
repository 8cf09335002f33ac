import type { CustomValidatorOptionsType } from '@rjsf/validator-ajv8';

/**
 * Options shared by the browser's precompiled validators (scripts/build-forms)
 * and the API's validators (lambdas/forms), so both accept exactly the same data.
 * The `x-` annotations need no registration: RJSF's Ajv runs with strict mode off.
 */
export const formValidatorOptions: CustomValidatorOptionsType = {};
