import type { FormData } from './forms/form-schema';
import { readablePhoneNumber } from './forms/phone-number';
import type { Language } from './languages';
import type { SubmissionList } from './submission-lists';

/**
 * A submission as stored and as staff see it
 * (docs/decisions/0008-the-submission-record.md). Shared by the API and the
 * admin pages, so both speak of the same fields.
 */

/** The staff's workflow: new → contacted → quoted → won | lost, or spam at any point. */
export const submissionStatuses = ['new', 'contacted', 'quoted', 'won', 'lost', 'spam'] as const;
export type SubmissionStatus = (typeof submissionStatuses)[number];

/**
 * What happens to a submission once stored: the sheet row, the staff e-mail when configured, its
 * entries in the inbox's search index (`search`: made by the same worker, with the same retries, so a
 * farmer's request never waits for it; staff do not see it), and the notification on staff phones
 * (`push`, when configured; staff do not see it either).
 */
export const deliveryKinds = ['sheet', 'email', 'search', 'push'] as const;
export type DeliveryKind = (typeof deliveryKinds)[number];
/** The deliveries staff see on an order and may send again. */
export const staffDeliveryKinds = ['sheet', 'email'] as const satisfies readonly DeliveryKind[];
export type StaffDeliveryKind = (typeof staffDeliveryKinds)[number];

/**
 * `needsStaff`: the destination refused this one delivery on its own (the
 * relay's 4xx for a row sent alone): trying again cannot help until someone
 * looks at it; "send again" makes it due once more.
 */
export type DeliveryState = 'pending' | 'sent' | 'failing' | 'needsStaff';

export interface Delivery {
  state: DeliveryState;
  /** Attempts made so far. */
  attempts: number;
  /** Why the last attempt failed (for staff; never shown to visitors). */
  lastError?: string;
  lastAttemptAt?: string;
  /** When the worker may try again (set while pending or failing, and on a needsStaff delivery staff asked to send again). */
  nextAttemptAt?: string;
  sentAt?: string;
  /**
   * The last attempt's outcome is unknown (no answer in time, or the run that
   * made it stopped before writing it down): the destination may have it
   * already. The sheet row is looked for in the sheet before it is sent again.
   */
  unconfirmed?: true;
  /** Sent alone from now on: it failed alone while the relay took other rows (a row the relay cannot take). */
  alone?: true;
}

/** How staff answer a farmer from the order: a call, an SMS or a WhatsApp message. */
export const contactChannels = ['call', 'sms', 'whatsapp'] as const;
export type ContactChannel = (typeof contactChannels)[number];

/** A staff note on an order: added to its thread, never changed or overwritten. */
export interface StaffNote {
  at: string;
  /** The staff member's e-mail. */
  by: string;
  text: string;
}

/** One staff change: who, when, and each changed field's old and new value. */
export interface HistoryEntry {
  at: string;
  /** The staff member's e-mail. */
  by: string;
  changes: {
    status?: { from: SubmissionStatus; to: SubmissionStatus };
    note?: { from: string; to: string };
    read?: { from: boolean; to: boolean };
    /** Deliveries asked to be sent again. */
    resend?: StaffDeliveryKind[];
    /** The farmer was answered from the order, this way (a `new` order also became `contacted`). */
    contacted?: ContactChannel;
    /** The staff member took back their contact just made (and its status change, if any). */
    contactUndone?: ContactChannel;
    /** Who the order was given to (staff e-mails; "" for nobody). */
    assigned?: { from: string; to: string };
    /** Taken out of the inbox (archived), or put back. */
    archived?: { from: boolean; to: boolean };
    /** The order's labels before and after. */
    labels?: { from: string[]; to: string[] };
  };
}

/**
 * Why a submission was taken for a bot's: it is kept, marked spam, and not
 * delivered. (`tooFast` only on submissions stored before a fill time alone
 * became a mark for staff, decision 11.)
 */
export type SpamReason = 'honeypot' | 'tooFast';

/** Why staff should look twice at a submission delivered as usual: sent sooner after its form opened than a person fills it in. */
export type CheckReason = 'tooFast';

export interface Submission {
  /** The submission id the browser generated; the item's key. */
  orderId: string;
  formId: string;
  list: SubmissionList;
  /** ISO time of the first write; the date column of the sheet row. */
  createdAt: string;
  language: Language;
  /** What the visitor sent, validated; photo URLs point at the checked copies. */
  data: FormData;
  /** SHA-256 of the submitted data: a retry with the same id must carry the same data. */
  fingerprint: string;
  /** The relay's sheet key and the row as delivered. */
  sheet: string;
  row: string[];
  status: SubmissionStatus;
  read: boolean;
  /** The single note of orders stored before notes became a thread: shown as the thread's first note. */
  note?: string;
  /** The staff's notes, oldest first, each appended on its own (concurrent notes are all kept). */
  notes?: StaffNote[];
  /** The staff member who follows the order up (their e-mail); absent while nobody does. */
  assignee?: string;
  /** Out of the inbox: listed only by the `archived` filter. */
  archived?: true;
  /** Short labels staff put on it ("urgent", "salon 2026"); absent while it has none. */
  labels?: string[];
  version: number;
  history: HistoryEntry[];
  deliveries: Partial<Record<DeliveryKind, Delivery>>;
  spam?: { reason: SpamReason };
  check?: { reason: CheckReason };
}

/**
 * A phone number as the inbox searches it: its digits, without a leading
 * `+213`, `00213` or `0`, so that `0661 23 45 67` and `+213661234567` meet.
 * Other countries keep their `00` prefix (`+33 6…` → `00336…`). A whole
 * number is read as the phone rule reads it (Arabic-Indic digits too).
 * Undefined when there is no digit at all.
 */
export function phoneSearchKey(phone: string): string | undefined {
  const digits = (readablePhoneNumber(phone) ?? phone).trim().replace(/^\+/, '00').replace(/\D/g, '');
  if (digits === '') return undefined;
  if (digits.startsWith('00213')) return digits.slice(5);
  if (digits.startsWith('00')) return digits;
  return digits.replace(/^0/, '');
}
