import type { FormData } from '../../../../shared/forms/form-schema';
import { deleteEntry, readEntry, writeEntry } from '../../offline/database';
import type { HeldStartToken } from '../start-token';

/**
 * What a farmer typed into a form and the photos picked, kept in the
 * browser's IndexedDB until the order is sent: a closed tab, a reload or a
 * flat battery loses nothing.
 */
export interface Draft {
  /** The form's values without its photo fields. */
  data: FormData;
  /** Each photo field's files, in the order picked. */
  photos: Record<string, File[]>;
  savedAt: number;
  /**
   * The start token of the visit the farmer began typing in: the order sent
   * from the draft is timed from then, not from its reopening (a farmer who
   * taps Continue then Send is no bot, decision 11). Older drafts kept it as
   * text alone, which is no longer sent.
   */
  startToken?: HeldStartToken | string;
}

/** One draft per form and item: the tractor DI75's order is not the 90 Worldtrack's. */
export function draftKey(formId: string, fixedValues: FormData): string {
  return `${formId} ${JSON.stringify(fixedValues)}`;
}

export function readDraft(key: string): Promise<Draft | undefined> {
  return readEntry<Draft>('drafts', key);
}

export function saveDraft(key: string, draft: Draft): Promise<void> {
  return writeEntry('drafts', key, draft);
}

export function deleteDraft(key: string): Promise<void> {
  return deleteEntry('drafts', key);
}
