import { useState } from 'react';
import { defaultCatalogue } from '../../../../shared/catalogue/defaults';
import { listAt, shapeOfList } from '../../../../shared/catalogue/lists';
import type { ContentOverrides, Entry, PhotoChoice } from '../../../../shared/content/model';
import { resolveList } from '../../../../shared/content/resolve';
import type { Localized } from '../../../../shared/languages';
import { useLocalize } from '../../../shared/i18n/language';
import { dangerButtonClass, inputClass, labelClass, secondaryButtonClass } from '../../components/styles';
import { adminText } from '../../texts';
import type { DraftChange } from './DraftPage';
import { listActions } from './list-actions';
import { PhotoSelect } from './PhotoSelect';
import { TextFields } from './TextFields';

const text = adminText.catalogue;
const emptyName: Localized = { ar: '', fr: '', en: '' };

/** The entries of one list (equipment items, brands, models, categories): names, availability, photo, place, hidden; new ones added. */
export function EntriesEditor({ path, draft, change }: { path: string; draft: ContentOverrides; change: DraftChange }) {
  const localize = useLocalize();
  const shape = shapeOfList(path);
  const list = draft.catalogue?.[path] ?? {};
  // Hidden ones stay listed here, to be shown again.
  const entries = resolveList(path, (listAt(defaultCatalogue, path) ?? []) as Entry[], { ...draft.catalogue, [path]: { ...list, hidden: [] } });
  const hidden = new Set(list.hidden ?? []);
  const actions = listActions(path, change, entries.map((entry) => entry.id));
  if (!shape) return null;

  return (
    <>
      <ul className="space-y-4">
        {entries.map((entry, index) => {
          // The entry as staff wrote it: added whole, or a default one's changes.
          const added = list.added?.find((candidate) => candidate.id === entry.id);
          const written = added ?? list.changed?.[entry.id];
          return (
          <li key={entry.id} className="rounded-card border border-line bg-white p-4">
            <div className="mb-3 flex flex-wrap items-center gap-3">
              <h3 className="text-lg font-semibold">{localize(entry.name as Localized)}</h3>
              <code dir="ltr" className="text-sm text-ink-muted">
                {entry.id}
              </code>
              {shape.arrangeable && index > 0 && (
                <button type="button" onClick={() => actions.moveUp(index)} className="min-h-11 rounded-lg border border-line px-3">
                  {localize(text.up)}
                </button>
              )}
              {added && (
                <button type="button" onClick={() => actions.remove(entry.id)} className={dangerButtonClass}>
                  {localize(text.remove)}
                </button>
              )}
              {shape.arrangeable && (
                <label className="inline-flex min-h-11 items-center gap-2">
                  <input type="checkbox" checked={hidden.has(entry.id)} onChange={(event) => actions.setHidden(entry.id, event.target.checked)} />
                  {localize(text.hidden)}
                </label>
              )}
            </div>
            <div className="grid gap-3">
              <TextFields
                label={localize(text.name)}
                value={entry.name as Localized}
                typed={written?.name as Partial<Localized> | undefined}
                onChange={(value) => actions.setField(entry.id, 'name', value)}
              />
              {shape.kind === 'item' && (
                <label className="inline-flex min-h-11 items-center gap-2">
                  <input type="checkbox" checked={entry.available === true} onChange={(event) => actions.setField(entry.id, 'available', event.target.checked)} />
                  {localize(text.available)}
                </label>
              )}
              <PhotoSelect
                id={`${path}-${entry.id}-photo`}
                photo={written?.photo as PhotoChoice | null | undefined}
                onChange={(photo) => actions.setField(entry.id, 'photo', photo)}
              />
            </div>
          </li>
          );
        })}
      </ul>
      {shape.addable && <AddEntry onAdd={(id, name) => actions.add(newEntry(shape.kind, id, name))} />}
    </>
  );
}

/** An added entry with its kind's required fields. */
function newEntry(kind: string, id: string, name: Localized): Entry {
  if (kind === 'item') return { id, name, available: true };
  if (kind === 'engineCategory') return { id, name, title: name };
  return { id, name };
}

function AddEntry({ onAdd }: { onAdd(id: string, name: Localized): void }) {
  const localize = useLocalize();
  const [id, setId] = useState('');
  const [name, setName] = useState(emptyName);
  return (
    <section className="mt-4 grid gap-3 rounded-card border border-dashed border-line p-4" aria-label={localize(text.add)}>
      <label>
        <span className={labelClass}>{localize(text.id)}</span>
        <input dir="ltr" value={id} onChange={(event) => setId(event.target.value)} className={inputClass} />
      </label>
      <TextFields label={localize(text.name)} value={name} typed={name} onChange={(typed) => setName({ ...name, ...typed })} />
      <div>
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={id.trim() === ''}
          onClick={() => {
            onAdd(id.trim(), name);
            setId('');
            setName(emptyName);
          }}
        >
          {localize(text.add)}
        </button>
      </div>
    </section>
  );
}
