import { fieldSchema } from '../../../shared/forms/fields';
import type { FormData, FormSchema } from '../../../shared/forms/form-schema';
import { requestContact } from './order-request';

/**
 * A new form's data: the farmer's details of the request under way ("Add
 * Another") and the values the page fixes. Nothing else is filled in: a year
 * given in advance reads as an answer the farmer never gave.
 */
export function initialFormData(schema: FormSchema, fixedValues: FormData): FormData {
  return { ...requestContact(schema), ...fixedValues };
}

/** Fields whose `x-showIf` conditions do not hold for this data. */
export function hiddenFields(schema: FormSchema, data: FormData): Set<string> {
  const hidden = new Set<string>();
  for (const name of Object.keys(schema.properties)) {
    const conditions = fieldSchema(schema, name)?.['x-showIf'];
    if (conditions && Object.entries(conditions).some(([field, value]) => data[field] !== value)) hidden.add(name);
  }
  return hidden;
}

/** Drops the values of hidden fields, so that what is sent is what the visitor sees. */
export function withoutHidden(data: FormData, hidden: Set<string>): FormData {
  return Object.fromEntries(Object.entries(data).filter(([name]) => !hidden.has(name)));
}
