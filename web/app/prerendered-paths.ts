import { cataloguePaths } from './catalogue/paths';
import { formTitles } from './forms/form-titles';

/**
 * The pages written to static HTML at build time, every form's page included.
 * Any other address gets the fallback page with status 404, and the client
 * shows what is missing (the page, the brand, the category) in the visitor's
 * language.
 */
export const prerenderedPaths = [
  '/',
  '/tracteurs',
  '/thank-you',
  ...cataloguePaths(),
  ...Object.keys(formTitles).map((formId) => `/forms/${formId}`),
];
