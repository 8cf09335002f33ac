import { useState } from 'react';
import { defaultCatalogue } from '../../../../shared/catalogue/defaults';
import { drawingOf } from '../../../../shared/catalogue/drawings';
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
import { publishedEntries, SiteValue, UnpublishedMark } from './published-values';
import { entryPlace } from './problems';
import { TextFields } from './TextFields';

const text = adminText.catalogue;
const emptyName: Localized = { ar: '', fr: '', en: '' };

/** The entries of one list (equipment items, brands, models, categories): names, availability, photo, place, hidden; new ones added. */
export function EntriesEditor({ path, draft, published, change }: { path: string; draft: ContentOverrides; published: ContentOverrides; change: DraftChange }) {
  const localize = useLocalize();
  const shape = shapeOfList(path);
  const list = draft.catalogue?.[path] ?? {};
  const defaults = (listAt(defaultCatalogue, path) ?? []) as Entry[];
  // Hidden ones stay listed here, to be shown again.
  const entries = resolveList(path, defaults, { ...draft.catalogue, [path]: { ...list, hidden: [] } });
  const onSite = publishedEntries(path, defaults, published);
  const yesNo = (value: unknown) => localize(value === true ? adminText.yes : adminText.no);
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
          const site = onSite(entry.id);
          const differs = (field: string) => site !== undefined && JSON.stringify(site.entry[field]) !== JSON.stringify(entry[field]);
          const photoDiffers = site !== undefined && JSON.stringify(site.photo ?? null) !== JSON.stringify(written?.photo ?? null);
          const hiddenDiffers = site !== undefined && site.hidden !== hidden.has(entry.id);
          const changed = site === undefined || photoDiffers || hiddenDiffers || ['name', 'available'].some(differs);
          return (
          <li key={entry.id} className="rounded-card border border-line bg-white p-4">
            <div className="mb-3 flex flex-wrap items-center gap-3">
              <h3 className="text-lg font-semibold wrap-anywhere">{localize(entry.name as Localized)}</h3>
              {changed && <UnpublishedMark isNew={site === undefined} />}
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
              {hiddenDiffers && <SiteValue value={yesNo(site.hidden)} />}
            </div>
            <div className="grid gap-3">
              <TextFields
                label={localize(text.name)}
                value={entry.name as Localized}
                typed={written?.name as Partial<Localized> | undefined}
                place={`${entryPlace(path, list, entry.id)}.name`}
                onChange={(value) => actions.setField(entry.id, 'name', value)}
              />
              {site && differs('name') && <SiteValue value={localize(site.entry.name as Localized)} />}
              {shape.kind === 'item' && (
                <label className="inline-flex min-h-11 items-center gap-2">
                  <input type="checkbox" checked={entry.available === true} onChange={(event) => actions.setField(entry.id, 'available', event.target.checked)} />
                  {localize(text.available)}
                </label>
              )}
              {shape.kind === 'item' && site && differs('available') && <SiteValue value={yesNo(site.entry.available)} />}
              <PhotoSelect
                id={`${path}-${entry.id}-photo`}
                photo={written?.photo as PhotoChoice | null | undefined}
                image={entry.image as { src: string } | undefined}
                drawing={drawingOf(path, entry.id)}
                onChange={(photo) => actions.setField(entry.id, 'photo', photo)}
              />
              {photoDiffers && <SiteValue value={localize(text.otherPhotoOnSite)} />}
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
