/**
 * Where the site's pages outside the catalogue live (the catalogue's are in
 * shared/catalogue/paths.ts). Pages link with these, never with the text of a
 * path.
 */
export const homePath = '/';
/** Where a form that asks for it (`x-onSuccess: "thank-you"`) sends the visitor once sent. */
export const thankYouPath = '/thank-you';
/** A form's own page: any form of form-schemas/, filled in on its own. */
export const formPagePath = (formId: string) => `/forms/${formId}`;
