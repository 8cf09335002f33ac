import { adminPath } from '../../shared/admin-api';
import { contactDetails, contactFields } from '../../shared/forms/fields';
import type { FormSchema } from '../../shared/forms/form-schema';
import { textDirection, type Language, type Localized } from '../../shared/languages';
import type { OrderNotification } from '../../shared/push-notifications';
import type { Submission } from '../../shared/submissions';
import { fieldText } from '../submissions/order-view';
import { oneLine, truncate } from './staff-mail';

const pushText = {
  newOrder: { ar: 'طلب جديد', fr: 'Nouvelle demande', en: 'New order' },
  colon: { ar: ': ', fr: ' : ', en: ': ' },
} satisfies Record<string, Localized>;

/** A phone shows about this much of a notification's title and body; the rest is cut here rather than mid-word by the phone. */
const maxLength = 120;

/**
 * The notification of a new order on a staff member's phone, in their
 * language: the farmer's name in the title, the wilaya and the item (the
 * catalogue entry the form was opened from, or else the form) below, and the
 * order's page to open. The farmer's text goes on one line, control
 * characters removed; the service worker shows it as text, never as markup.
 */
export function composeOrderNotification(submission: Submission, schema: FormSchema | undefined, language: Language): OrderNotification {
  const contact = schema ? contactDetails(schema, submission.data) : {};
  const wilayaField = schema && contactFields(schema).wilaya;
  const wilaya = wilayaField && contact.wilaya ? fieldText(contact.wilaya, schema, wilayaField, language) : undefined;
  const title = `${pushText.newOrder[language]}${contact.name ? `${pushText.colon[language]}${contact.name}` : ''}`;
  return {
    title: truncate(oneLine(title), maxLength),
    body: truncate(oneLine([wilaya, orderItem(submission, schema, language)].filter(Boolean).join(' · ')), maxLength),
    url: `${adminPath}/orders/${encodeURIComponent(submission.orderId)}`,
    tag: submission.orderId,
    lang: language,
    dir: textDirection(language),
  };
}

/** What the farmer asked about, in the staff member's language: the form's context field, or else the form's title. */
function orderItem(submission: Submission, schema: FormSchema | undefined, language: Language): string {
  if (!schema) return submission.formId;
  const context = Object.keys(schema.properties).find((name) => schema.properties[name]!['x-context'] && submission.data[name]);
  return context ? fieldText(submission.data[context], schema, context, language) : schema['x-title'][language];
}
