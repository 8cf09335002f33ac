import type { Entry, EntryChanges, ListOverrides } from '../../../../shared/content/model';
import type { DraftChange } from './DraftPage';

/** What staff do to one list of the catalogue (`tractors`, `truckBrands/jac/models`), as changes to the draft. */
export function listActions(path: string, change: DraftChange, shownIds: string[]) {
  const setList = (apply: (list: ListOverrides) => ListOverrides) =>
    change((current) => ({ ...current, catalogue: { ...current.catalogue, [path]: apply(current.catalogue?.[path] ?? {}) } }));
  return {
    setField: (id: string, field: string, value: unknown) =>
      setList((list) => {
        // An entry staff added is changed in place; a default one through its changes.
        if (list.added?.some((entry) => entry.id === id)) {
          return { ...list, added: list.added.map((entry) => (entry.id === id ? { ...entry, [field]: value } : entry)) };
        }
        const changes: EntryChanges = { ...list.changed?.[id], [field]: value };
        return { ...list, changed: { ...list.changed, [id]: changes } };
      }),
    setHidden: (id: string, hide: boolean) =>
      setList((list) => ({ ...list, hidden: hide ? [...(list.hidden ?? []), id] : (list.hidden ?? []).filter((other) => other !== id) })),
    moveUp: (index: number) =>
      setList((list) => {
        const order = [...shownIds];
        [order[index - 1], order[index]] = [order[index]!, order[index - 1]!];
        return { ...list, order };
      }),
    add: (entry: Entry) => setList((list) => ({ ...list, added: [...(list.added ?? []), entry] })),
    /** Takes back an entry staff added (a default one can only be hidden). */
    remove: (id: string) =>
      setList(({ changed, hidden, order, added, ...list }) => ({
        ...list,
        added: added?.filter((entry) => entry.id !== id),
        ...(changed && { changed: Object.fromEntries(Object.entries(changed).filter(([changedId]) => changedId !== id)) }),
        ...(hidden && { hidden: hidden.filter((other) => other !== id) }),
        ...(order && { order: order.filter((other) => other !== id) }),
      })),
  };
}
