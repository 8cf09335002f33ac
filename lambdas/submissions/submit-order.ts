import type { SubmissionResponse } from '../../shared/api';
import type { FormData } from '../../shared/forms/form-schema';
import type { Language } from '../../shared/languages';
import type { CheckReason, DeliveryKind, SpamReason } from '../../shared/submissions';
import type { SubmissionsStore } from './submissions-store';
import { fingerprint, indexAttributes, newSubmission } from './record';
import type { LoadedForm } from '../forms/form-registry';

export interface Submission {
  formId: string;
  /** The browser's submission id, lower-case: the stored submission's key. */
  submissionId: string;
  language: Language;
  /** Normalized and validated form data, as submitted. */
  data: FormData;
  /** The data to store when it differs from what was submitted (photos named by the ones the order keeps). */
  storedData?: FormData;
  spam?: SpamReason;
  /** Delivered as usual, marked for staff to look twice (decision 11). */
  check?: CheckReason;
}

/** The answer to the visitor; the site reads `orderId`. */
export type SubmittedOrder = SubmissionResponse;

/** The submission id was already used for other data. */
export class SubmissionIdReusedError extends Error {
  constructor(readonly orderId: string) {
    super(`submission id ${orderId} was already used for other data`);
    this.name = 'SubmissionIdReusedError';
  }
}

interface Dependencies {
  store: SubmissionsStore;
  /** The deliveries each stored submission waits for (the sheet row; the staff e-mail when configured). */
  deliveries: readonly DeliveryKind[];
  clock?: () => Date;
}

/**
 * Stores a submission once (docs/decisions/0002-every-order-kept.md): the
 * stored submission is the order, its deliveries are made by the delivery
 * worker. A repeated submission id with the same data answers as the first
 * time; with other data it is refused. A store failure throws: nothing was
 * kept, nothing will be delivered, and the visitor may retry. The order's
 * search entries are one of its deliveries (docs/decisions/0022-the-dealers-inbox.md).
 */
export function createOrderSubmitter({ store, deliveries, clock = () => new Date() }: Dependencies) {
  return async (form: LoadedForm, submission: Submission): Promise<SubmittedOrder> => {
    const print = fingerprint(submission.data);
    const record = newSubmission({
      formId: form.id,
      schema: form.schema,
      orderId: submission.submissionId,
      language: submission.language,
      data: submission.storedData ?? submission.data,
      fingerprint: print,
      createdAt: clock().toISOString(),
      deliveries,
      spam: submission.spam,
      check: submission.check,
    });
    const result = await store.create(record, indexAttributes(record, form.schema));
    const kept = result.created ? record : result.existing;
    if (!result.created && (kept.fingerprint !== print || kept.formId !== form.id)) {
      throw new SubmissionIdReusedError(kept.orderId);
    }
    return { orderId: kept.orderId, createdAt: kept.createdAt };
  };
}
