import { algiersTimeZone } from '../../shared/algiers-time';
import { contactDetails, contactFields, fieldLabel, optionLabel } from '../../shared/forms/fields';
import type { FormSchema } from '../../shared/forms/form-schema';
import { imageFields } from '../../shared/forms/uploads';
import { escapeHtml } from '../../shared/html';
import { locales, textDirection, type Language, type Localized } from '../../shared/languages';
import type { Submission } from '../../shared/submissions';

/**
 * The e-mail staff get for a new submission: which form, who (name, wilaya,
 * phone), every field under its label, the photos, when it arrived and the
 * link to it in the admin. Visitor text goes into the subject on one line
 * with no control characters, and into the HTML escaped; it never reaches an
 * address or a header of its own.
 */

export interface StaffMail {
  subject: string;
  text: string;
  html: string;
}

export interface StaffMailOptions {
  /** The language of the mail's own words; the visitor's text stays as typed. */
  language: Language;
  /** The site's address without a final "/". */
  siteUrl: string;
}

const mailText = {
  newSubmission: { ar: 'طلب جديد', fr: 'Nouvelle demande', en: 'New request' },
  received: { ar: 'وصل في', fr: 'Reçue le', en: 'Received' },
  details: { ar: 'التفاصيل', fr: 'Détails', en: 'Details' },
  open: { ar: 'فتح الطلب في لوحة الإدارة', fr: "Ouvrir la demande dans l'administration", en: 'Open the request in the admin' },
  yes: { ar: 'نعم', fr: 'Oui', en: 'Yes' },
  no: { ar: 'لا', fr: 'Non', en: 'No' },
  /** Between a label and its value: French puts a space before the colon. */
  colon: { ar: ': ', fr: ' : ', en: ': ' },
} satisfies Record<string, Localized>;

/** The longest subject: mail clients cut it anyway, and a long name must not push the form's title out. */
const maxSubjectLength = 150;

/** Where staff open a submission: the admin's order page (its shape is fixed by the admin's routes). */
export function adminOrderUrl(siteUrl: string, orderId: string): string {
  return `${siteUrl}/admin/orders/${encodeURIComponent(orderId)}`;
}

export function composeStaffMail(submission: Submission, schema: FormSchema, { language, siteUrl }: StaffMailOptions): StaffMail {
  const say = (text: Localized) => text[language];
  const colon = say(mailText.colon);
  const title = schema['x-title'][language];
  const { data } = submission;
  const contact = contactDetails(schema, data);
  const contactField = contactFields(schema);
  const photoFields = new Set(imageFields(schema).map((field) => field.name));
  const line = (name: string) => {
    const value = data[name];
    return {
      label: fieldLabel(schema, name, language),
      text: plainText(valueText(name, value)),
      photos: photoFields.has(name) ? [value].flat().filter(isHttpUrl) : undefined,
      href: name === contactField.phone && typeof value === 'string' ? `tel:${value.replace(/[^\d+]/g, '')}` : undefined,
    };
  };
  // The farmer first (name, wilaya, phone), then every other field, each once, under its label.
  const first = [contactField.name, contactField.wilaya, contactField.phone].filter((name) => name !== undefined);
  const summary = first.filter((name) => data[name] !== undefined).map(line);
  const fields = Object.keys(schema.properties)
    .filter((name) => data[name] !== undefined && !first.includes(name))
    .map(line);
  const received = `${say(mailText.received)} ${new Intl.DateTimeFormat(locales[language], {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: algiersTimeZone,
  }).format(new Date(submission.createdAt))}`;
  const adminUrl = adminOrderUrl(siteUrl, submission.orderId);
  const who = [contact.name, contact.wilaya].filter(Boolean).join(', ');

  const subject = truncate(oneLine(`${say(mailText.newSubmission)}${colon}${title}${who ? ` — ${who}` : ''}`), maxSubjectLength);

  const text = [
    title,
    received,
    '',
    ...summary.map(({ label, text }) => `${label}${colon}${text}`),
    '',
    `${say(mailText.details)}${colon.trimEnd()}`,
    ...fields.flatMap(({ label, text, photos }) =>
      photos ? [`${label}${colon.trimEnd()}`, ...photos.map((url) => `  ${url}`)] : [`${label}${colon}${text}`],
    ),
    '',
    `${say(mailText.open)}${colon.trimEnd()}`,
    adminUrl,
    '',
  ].join('\n');

  const cell = 'padding:4px 12px 4px 0;vertical-align:top;text-align:start';
  const row = (label: string, content: string) =>
    `<tr><th style="${cell};color:#555;font-weight:normal">${escapeHtml(label)}</th><td style="${cell};white-space:pre-wrap">${content}</td></tr>`;
  const link = (href: string, content: string) => `<a href="${escapeHtml(href)}">${escapeHtml(content)}</a>`;
  const html = [
    '<!doctype html>',
    `<html lang="${language}" dir="${textDirection(language)}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;color:#1a1a1a;line-height:1.4">',
    `<h1 style="font-size:19px;margin:0 0 4px">${escapeHtml(title)}</h1>`,
    `<p style="margin:0 0 16px;color:#555">${escapeHtml(received)}</p>`,
    '<table style="border-collapse:collapse;font-size:17px;margin-bottom:16px">',
    ...summary.map(({ label, text, href }) => row(label, href ? link(href, text) : `<strong>${escapeHtml(text)}</strong>`)),
    '</table>',
    `<h2 style="font-size:16px;margin:0 0 4px">${escapeHtml(say(mailText.details))}</h2>`,
    '<table style="border-collapse:collapse;margin-bottom:20px">',
    ...fields.map(({ label, text, photos }) => row(label, photos ? photos.map((url) => link(url, url)).join('<br>') : escapeHtml(text))),
    '</table>',
    `<p><a href="${escapeHtml(adminUrl)}" style="display:inline-block;padding:10px 16px;background:#1f6f3a;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(say(mailText.open))}</a></p>`,
    '</body></html>',
  ].join('\n');

  return { subject, text, html };

  /** A value as staff read it: an option's label, yes or no, a list joined by commas. */
  function valueText(name: string, value: unknown): string {
    if (Array.isArray(value)) return value.map((item) => valueText(name, item)).join(', ');
    if (typeof value === 'boolean') return say(value ? mailText.yes : mailText.no);
    if (typeof value === 'string') return optionLabel(schema, name, value, language) ?? value;
    if (typeof value === 'number') return String(value);
    return JSON.stringify(value);
  }
}

/** Text on one line: line breaks, tabs and other control characters become spaces. */
export function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').replace(/ {2,}/g, ' ').trim();
}

/** Visitor text for the body: line breaks kept (as \n), other control characters dropped. */
function plainText(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '');
}

export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

function isHttpUrl(value: unknown): value is string {
  return typeof value === 'string' && /^https?:\/\/[^\s"<>]+$/i.test(value);
}
