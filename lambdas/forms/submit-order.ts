import { randomUUID } from 'node:crypto';
import type { FormData } from '../../shared/forms/form-schema';
import type { Language } from '../../shared/languages';
import type { OrdersStore } from '../lib/orders-store';
import type { SheetRelay } from '../lib/sheet-relay';
import type { LoadedForm } from './form-registry';
import { buildRelayRow } from './relay-row';

export interface Submission {
  formId: string;
  submissionId: string;
  language: Language;
  /** Normalized and validated form data. */
  data: FormData;
}

export interface SubmittedOrder {
  orderId: string;
  createdAt: string;
}

interface Dependencies {
  relay: SheetRelay;
  orders: OrdersStore;
  /** Reports a stored-order failure after the row reached the sheet. */
  onStoreFailure(error: unknown, order: object): void;
}

/**
 * The order of work the dealer relies on: the row goes to the sheet first and
 * only then into the database. A relay failure throws before anything is
 * written (docs/decisions/0002-relay-before-database.md).
 */
export function createOrderSubmitter({ relay, orders, onStoreFailure }: Dependencies) {
  return async (form: LoadedForm, submission: Submission): Promise<SubmittedOrder> => {
    const createdAt = new Date().toISOString();
    const row = buildRelayRow(form.schema['x-relay'].columns, submission.data, { submittedAt: createdAt });
    await relay.append(form.schema['x-relay'].sheet, row);

    const order = { orderId: randomUUID(), createdAt, row, ...submission };
    try {
      await orders.put(order);
    } catch (error) {
      // The dealer already has the row; failing now would make the visitor send it twice.
      onStoreFailure(error, order);
    }
    return { orderId: order.orderId, createdAt };
  };
}
