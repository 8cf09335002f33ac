import { useSyncExternalStore } from 'react';
import type { ContentOverrides } from '../../../../shared/content/model';

/** Unsaved edits to the draft, with the save they began from. */
export interface DraftEdits {
  savedAt?: string;
  draft: ContentOverrides;
}

/**
 * The translations, catalogue and dealer pages edit one draft: what staff
 * changed on one and did not save yet is kept here while they go to another
 * (a page's own state would be dropped on leaving it).
 */
let edits: DraftEdits | undefined;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setDraftEdits(next: DraftEdits | undefined) {
  edits = next;
  for (const listener of listeners) listener();
}

export function useDraftEdits(): DraftEdits | undefined {
  return useSyncExternalStore(subscribe, () => edits);
}
