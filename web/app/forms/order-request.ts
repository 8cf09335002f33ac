import { contactDetails, contactFields, type ContactDetail } from '../../../shared/forms/fields';
import type { FormData, FormSchema } from '../../../shared/forms/form-schema';

/**
 * The request a farmer builds with "Add Another": each item leaves as an
 * order of its own (one row each in the sheet, as the spec's forms send
 * them), and the next item's form starts with the name, phone and wilaya
 * just given, whatever that form calls its fields. A plain "Send" ends the
 * request. Kept in memory for the visit only: a phone shared in the family
 * keeps no one's details.
 */
let contact: Partial<Record<ContactDetail, string>> = {};

/** "Add Another": the next item's form starts with these details. */
export function continueRequest(schema: FormSchema, data: FormData) {
  contact = contactDetails(schema, data);
}

/** "Send": the request is complete. */
export function endRequest() {
  contact = {};
}

/** The details of the request under way, under this form's field names. */
export function requestContact(schema: FormSchema): FormData {
  return Object.fromEntries(
    Object.entries(contactFields(schema)).flatMap(([detail, field]) => {
      const value = contact[detail as ContactDetail];
      return value ? [[field, value]] : [];
    }),
  );
}
