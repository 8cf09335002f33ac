import { randomUUID } from 'node:crypto';
import type { FormData } from '../../shared/forms/form-schema';
import type { Language } from '../../shared/languages';
import type { SheetRelay } from '../lib/sheet-relay';
import { isStoreTable, type SubmissionStore } from '../lib/submission-store';
import type { LoadedForm } from './form-registry';
import { buildRelayRow } from './relay-row';

export interface Submission {
  formId: string;
  submissionId: string;
  language: Language;
  /** Normalized and validated form data. */
  data: FormData;
}

/**
 * The answer to the visitor. `orderId` names the stored item whatever the
 * table (for a message it is the item's `messageId`): the site reads it.
 */
export interface SubmittedOrder {
  orderId: string;
  createdAt: string;
}

interface Dependencies {
  relay: SheetRelay;
  store: SubmissionStore;
  /** Reports a store failure after the row reached the sheet. */
  onStoreFailure(error: unknown, item: object): void;
}

/**
 * The order of work the dealer relies on: the row goes to the sheet first and
 * only then into the table the schema names (`x-store.table`). A relay
 * failure throws before anything is written
 * (docs/decisions/0002-relay-before-database.md).
 */
export function createOrderSubmitter({ relay, store, onStoreFailure }: Dependencies) {
  return async (form: LoadedForm, submission: Submission): Promise<SubmittedOrder> => {
    const table = form.schema['x-store']?.table;
    if (!isStoreTable(table)) throw new Error(`form ${form.id} names an unknown x-store.table "${String(table)}"`);

    const createdAt = new Date().toISOString();
    const row = buildRelayRow(form.schema['x-relay'].columns, submission.data, { submittedAt: createdAt });
    await relay.append(form.schema['x-relay'].sheet, row);

    const id = randomUUID();
    const record = { createdAt, row, ...submission };
    try {
      await store.put(table, id, record);
    } catch (error) {
      // The dealer already has the row; failing now would make the visitor send it twice.
      onStoreFailure(error, { table, id, ...record });
    }
    return { orderId: id, createdAt };
  };
}
