import { tractors as defaultTractors } from '../../../../shared/catalogue/tractors';
import type { Tractor } from '../../../../shared/catalogue/types';
import type { ContentOverrides, EntryChanges, ListOverrides, PhotoChoice } from '../../../../shared/content/model';
import { resolveList } from '../../../../shared/content/resolve';
import { formatPriceDzd } from '../../../app/lib/format';
import { useLanguage, useLocalize } from '../../../app/i18n/language';
import { inputClass, labelClass } from '../../components/styles';
import { adminText } from '../../texts';
import { useMediaPages } from '../media/media-api';
import { DraftPage, type DraftChange } from './DraftPage';
import { TextFields } from './TextFields';

const text = adminText.catalogue;

/** /admin/catalogue: the tractors of /tracteurs, their prices, availability, photos and place on the page. */
export default function CataloguePage() {
  const localize = useLocalize();
  return (
    <DraftPage title={localize(adminText.nav.catalogue)} previewPath="/tracteurs">
      {(draft, change) => <TractorsEditor draft={draft} change={change} />}
    </DraftPage>
  );
}

function TractorsEditor({ draft, change }: { draft: ContentOverrides; change: DraftChange }) {
  const localize = useLocalize();
  const list: ListOverrides = draft.catalogue?.tractors ?? {};
  // Hidden ones stay listed here, to be shown again.
  const shown = resolveList('tractors', defaultTractors, { tractors: { ...list, hidden: [] } });
  const hidden = new Set(list.hidden ?? []);

  const setList = (apply: (list: ListOverrides) => ListOverrides) =>
    change((current) => ({ ...current, catalogue: { ...current.catalogue, tractors: apply(current.catalogue?.tractors ?? {}) } }));
  const setField = (id: string, field: string, value: unknown) =>
    setList((current) => {
      const changes: EntryChanges = { ...current.changed?.[id], [field]: value };
      return { ...current, changed: { ...current.changed, [id]: changes } };
    });
  const setHidden = (id: string, hide: boolean) =>
    setList((current) => ({ ...current, hidden: hide ? [...(current.hidden ?? []), id] : (current.hidden ?? []).filter((other) => other !== id) }));
  const moveUp = (index: number) =>
    setList((current) => {
      const order = shown.map((tractor) => tractor.id);
      [order[index - 1], order[index]] = [order[index]!, order[index - 1]!];
      return { ...current, order };
    });

  return (
    <section aria-labelledby="tractors-heading">
      <h2 id="tractors-heading" className="mb-3 text-xl font-bold text-brand-900">
        {localize(text.tractors)}
      </h2>
      <ul className="space-y-4">
        {shown.map((tractor, index) => (
          <TractorFields
            key={tractor.id}
            tractor={tractor}
            photo={list.changed?.[tractor.id]?.photo as PhotoChoice | null | undefined}
            hidden={hidden.has(tractor.id)}
            onField={(field, value) => setField(tractor.id, field, value)}
            onHidden={(hide) => setHidden(tractor.id, hide)}
            onUp={index > 0 ? () => moveUp(index) : undefined}
          />
        ))}
      </ul>
    </section>
  );
}

interface TractorFieldsProps {
  tractor: Tractor;
  photo: PhotoChoice | null | undefined;
  hidden: boolean;
  onField(field: string, value: unknown): void;
  onHidden(hide: boolean): void;
  onUp?: () => void;
}

function TractorFields({ tractor, photo, hidden, onField, onHidden, onUp }: TractorFieldsProps) {
  const localize = useLocalize();
  const language = useLanguage();
  const media = useMediaPages();
  const pictures = media.data?.pages.flatMap((page) => page.items) ?? [];
  const id = (field: string) => `${tractor.id}-${field}`;

  return (
    <li className="rounded-card border border-line bg-white p-4">
      <div className="mb-3 flex flex-wrap items-center gap-3">
        <h3 className="text-lg font-semibold">{localize(tractor.name)}</h3>
        {onUp && (
          <button type="button" onClick={onUp} className="min-h-11 rounded-lg border border-line px-3">
            {localize(text.up)}
          </button>
        )}
        <label className="inline-flex min-h-11 items-center gap-2">
          <input type="checkbox" checked={hidden} onChange={(event) => onHidden(event.target.checked)} />
          {localize(text.hidden)}
        </label>
      </div>
      <div className="grid gap-3 md:grid-cols-3">
        <div>
          <label htmlFor={id('price')} className={labelClass}>
            {localize(text.price)}
          </label>
          <input
            id={id('price')}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={tractor.priceDzd}
            onChange={(event) => onField('priceDzd', event.target.value === '' ? 0 : Number(event.target.value))}
            className={inputClass}
          />
          <p className="mt-1 text-sm text-ink-muted">{formatPriceDzd(tractor.priceDzd, language)}</p>
        </div>
        <label className="inline-flex min-h-11 items-center gap-2">
          <input type="checkbox" checked={tractor.available} onChange={(event) => onField('available', event.target.checked)} />
          {localize(text.available)}
        </label>
        <div>
          <label htmlFor={id('photo')} className={labelClass}>
            {localize(text.photo)}
          </label>
          <select
            id={id('photo')}
            value={photo?.mediaId ?? ''}
            onChange={(event) => onField('photo', event.target.value ? { mediaId: event.target.value } : null)}
            className={inputClass}
          >
            <option value="">{localize(text.noPhoto)}</option>
            {pictures.map((picture) => (
              <option key={picture.mediaId} value={picture.mediaId}>
                {picture.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="mt-3">
        <TextFields label={localize(text.availability)} value={tractor.availabilityStatus} onChange={(value) => onField('availabilityStatus', value)} />
      </div>
    </li>
  );
}
