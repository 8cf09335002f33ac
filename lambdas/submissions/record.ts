import { createHash } from 'node:crypto';
import { contactDetails } from '../../shared/forms/fields';
import type { FormData, FormSchema } from '../../shared/forms/form-schema';
import type { Language } from '../../shared/languages';
import {
  phoneSearchKey,
  type CheckReason,
  type Delivery,
  type DeliveryKind,
  type SpamReason,
  type Submission,
  type SubmissionStatus,
} from '../../shared/submissions';
import type { SubmissionList } from '../../shared/submission-lists';
import { buildRelayRow } from './relay-row';

/**
 * The submission record and the index attributes derived from it
 * (docs/decisions/0008-the-submission-record.md).
 */

/**
 * What stays of an order deleted for a farmer who asked to be forgotten
 * (docs/decisions/0022-the-dealers-inbox.md): under its reference, who
 * deleted it and when, and nothing of the farmer's.
 */
export interface DeletedOrder {
  orderId: string;
  deleted: { at: string; by: string };
}

/** Who deleted the stored item's order, and when; undefined for an order that is there. */
export function deletionOf(item: object): DeletedOrder['deleted'] | undefined {
  return (item as Partial<DeletedOrder>).deleted;
}

/** An order's id as stored: the browser's submission id, a lower-case UUID. */
export const orderIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface NewSubmission {
  formId: string;
  schema: FormSchema;
  /** The browser's submission id, lower-case. */
  orderId: string;
  language: Language;
  /** Validated data, photo URLs pointing at the checked copies. */
  data: FormData;
  /** fingerprint() of the data as submitted. */
  fingerprint: string;
  createdAt: string;
  /** The deliveries this deployment makes; a spam submission gets only its search entries. */
  deliveries: readonly DeliveryKind[];
  spam?: SpamReason;
  /** A mark for staff: the submission is delivered like any other. */
  check?: CheckReason;
}

export function newSubmission(input: NewSubmission): Submission {
  const list = input.schema['x-store'].list;
  // Staff are mailed and notified what lands in the inbox (orders, messages), not each newsletter subscription.
  // Spam reaches neither the sheet nor staff's mail or phones, yet staff may look for it in the spam list.
  const owed = input.deliveries.filter((kind) => (input.spam ? kind === 'search' : (kind !== 'email' && kind !== 'push') || list === 'inbox'));
  const deliveries = Object.fromEntries(owed.map((kind) => [kind, pendingDelivery(input.createdAt)]));
  return {
    orderId: input.orderId,
    formId: input.formId,
    list,
    createdAt: input.createdAt,
    language: input.language,
    data: input.data,
    fingerprint: input.fingerprint,
    sheet: input.schema['x-relay'].sheet,
    row: buildRelayRow(input.schema, input.data, { submittedAt: input.createdAt }),
    status: input.spam ? 'spam' : 'new',
    read: false,
    version: 1,
    history: [],
    deliveries,
    ...(input.spam ? { spam: { reason: input.spam } } : {}),
    ...(input.check ? { check: { reason: input.check } } : {}),
  };
}

function pendingDelivery(now: string): Delivery {
  return { state: 'pending', attempts: 0, nextAttemptAt: now };
}

/** SHA-256 of the data with its keys sorted: equal for equal data, however it was written. */
export function fingerprint(data: FormData): string {
  return createHash('sha256').update(canonicalJson(data)).digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The byDelivery index's partitions: deliveries the worker makes, and deliveries that wait for staff. */
export type DeliveryIndexPartition = 'due' | 'staff';

/** The attributes the submissions table's indexes read (lambdas/lib/tables.ts); absent ones keep the item out of that index. */
export interface IndexAttributes {
  list: SubmissionList;
  listStatus: string;
  listWilaya?: string;
  phoneKey?: string;
  deliveryDue?: DeliveryIndexPartition;
  nextAttemptAt?: string;
}

/** Every index attribute of a submission. */
export function indexAttributes(submission: Submission, schema: FormSchema): IndexAttributes {
  const { phone, wilaya } = contactDetails(schema, submission.data);
  const phoneKey = phone === undefined ? undefined : phoneSearchKey(phone);
  return {
    list: submission.list,
    listStatus: listStatusKey(submission.list, submission.status),
    ...(wilaya ? { listWilaya: `${submission.list}#${wilaya}` } : {}),
    ...(phoneKey ? { phoneKey } : {}),
    ...deliveryIndexAttributes(submission.deliveries),
  };
}

export function listStatusKey(list: SubmissionList, status: SubmissionStatus): string {
  return `${list}#${status}`;
}

/**
 * While a delivery is not sent, the submission is in the byDelivery index:
 * under `due`, sorted by the earliest time one of its deliveries may be tried
 * again; once all that is left is a delivery waiting for staff (needsStaff),
 * under `staff`, sorted by when it was refused, where the worker never looks.
 */
export function deliveryIndexAttributes(deliveries: Submission['deliveries']): Pick<IndexAttributes, 'deliveryDue' | 'nextAttemptAt'> {
  const unsent = Object.values(deliveries).filter((delivery) => delivery.state !== 'sent');
  const next = unsent
    .filter((delivery) => delivery.state !== 'needsStaff' || delivery.nextAttemptAt !== undefined)
    .map((delivery) => delivery.nextAttemptAt ?? '')
    .sort()[0];
  if (next !== undefined) return { deliveryDue: 'due', nextAttemptAt: next };
  const refusedAt = unsent.map((delivery) => delivery.lastAttemptAt ?? '').sort()[0];
  return refusedAt === undefined ? {} : { deliveryDue: 'staff', nextAttemptAt: refusedAt };
}
