import type { AdminOrder, OrderField } from '../../shared/admin-api';
import { contactDetails, fieldLabel, fieldSchema } from '../../shared/forms/fields';
import type { FormSchema } from '../../shared/forms/form-schema';
import { imageField } from '../../shared/forms/uploads';
import type { Language } from '../../shared/languages';
import { staffDeliveryKinds, type StaffNote, type Submission } from '../../shared/submissions';
import { sheetCells } from './sheet-columns';

/**
 * An order as staff see it: its fields labelled from its form's schema in the
 * staff member's language, in the form's order. A submission of a form that
 * no longer exists keeps its data, labelled by field name.
 */
export function toAdminOrder(
  submission: Submission,
  schema: FormSchema | undefined,
  language: Language,
  { history }: { history: boolean },
): AdminOrder {
  return {
    orderId: submission.orderId,
    formId: submission.formId,
    formTitle: schema?.['x-title'][language] ?? submission.formId,
    list: submission.list,
    createdAt: submission.createdAt,
    language: submission.language,
    status: submission.status,
    read: submission.read,
    notes: noteThread(submission),
    ...(submission.assignee ? { assignee: submission.assignee } : {}),
    ...(submission.archived ? { archived: true } : {}),
    ...(submission.labels?.length ? { labels: submission.labels } : {}),
    version: submission.version,
    contact: schema ? contactDetails(schema, submission.data) : {},
    item: orderItem(submission, schema),
    fields: orderFields(submission.data, schema, language),
    sheet: submission.sheet,
    row: submission.row,
    ...(history && { sheetCells: sheetCells(schema, submission.data, submission.row, language) }),
    deliveries: staffDeliveries(submission.deliveries),
    ...(submission.spam ? { spam: submission.spam } : {}),
    ...(submission.check ? { check: submission.check } : {}),
    ...(history ? { history: submission.history ?? [] } : {}),
  };
}

/**
 * The order's notes, oldest first. An order stored before notes became a
 * thread has one note of its own: it comes first, by whoever wrote it last
 * (its history says), or unsigned at the order's time.
 */
export function noteThread(submission: Pick<Submission, 'note' | 'notes' | 'history' | 'createdAt'>): StaffNote[] {
  const thread = submission.notes ?? [];
  if (!submission.note) return thread;
  const written = (submission.history ?? []).findLast((entry) => entry.changes.note?.to === submission.note);
  return [{ at: written?.at ?? submission.createdAt, by: written?.by ?? '', text: submission.note }, ...thread];
}

/** The filled fields, in the schema's order, then any the schema does not (or no longer) declare. */
export function orderFields(data: Submission['data'], schema: FormSchema | undefined, language: Language): OrderField[] {
  const declared = schema ? Object.keys(schema.properties) : [];
  const names = [...declared, ...Object.keys(data).filter((name) => !declared.includes(name))];
  return names
    .filter((name) => data[name] !== undefined && data[name] !== null && data[name] !== '')
    .map((name) => {
      const value = data[name];
      const photos = schema !== undefined && imageField(schema, name) !== undefined;
      return {
        name,
        label: schema ? fieldLabel(schema, name, language) : name,
        value,
        text: fieldText(value, schema, name, language),
        kind: photos ? 'photos' : 'text',
      };
    });
}

/** A value as text: an option's label in the language, lists joined by ", ". */
export function fieldText(value: unknown, schema: FormSchema | undefined, name: string, language: Language): string {
  if (Array.isArray(value)) return value.map((item) => fieldText(item, schema, name, language)).join(', ');
  if (value === null || value === undefined) return '';
  const optionLabels = schema && fieldSchema(schema, name)?.['x-enumLabels'];
  if (optionLabels && typeof value === 'string' && optionLabels[value]) return optionLabels[value][language];
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** What the farmer asked about, in their language: the form's context field (the catalogue entry), or else the form's title. */
function orderItem(submission: Submission, schema: FormSchema | undefined): string {
  if (!schema) return submission.formId;
  const context = Object.keys(schema.properties).find((name) => schema.properties[name]!['x-context'] && submission.data[name]);
  return context ? fieldText(submission.data[context], schema, context, submission.language) : schema['x-title'][submission.language];
}

/** The deliveries staff see: the sheet row and the e-mail, not the search entries the worker writes. */
function staffDeliveries(deliveries: Submission['deliveries']): AdminOrder['deliveries'] {
  return Object.fromEntries(staffDeliveryKinds.flatMap((kind) => (deliveries[kind] ? [[kind, deliveries[kind]]] : [])));
}
