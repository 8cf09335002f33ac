import { useState } from 'react';
import { defaultCatalogue } from '../../../../shared/catalogue/defaults';
import { listShapes, type CatalogueListKey } from '../../../../shared/catalogue/lists';
import { equipmentHubPath, sparePartsHubPath, tractorsPath } from '../../../../shared/catalogue/paths';
import { tractors as defaultTractors } from '../../../../shared/catalogue/tractors';
import type { Tractor } from '../../../../shared/catalogue/types';
import type { ContentOverrides, ListOverrides, PhotoChoice } from '../../../../shared/content/model';
import { problemMessage } from '../../../../shared/content/validate';
import { resolveList } from '../../../../shared/content/resolve';
import type { Localized } from '../../../../shared/languages';
import { formatPriceDzd } from '../../../shared/lib/format';
import { useLanguage, useLocalize } from '../../../shared/i18n/language';
import { NumberInput } from '../../components/NumberInput';
import { inputClass, labelClass } from '../../components/styles';
import { adminText } from '../../texts';
import { DraftPage, type DraftChange } from './DraftPage';
import { EntriesEditor } from './EntriesEditor';
import { listActions } from './list-actions';
import { PhotoSelect } from './PhotoSelect';
import { publishedEntries, SiteValue, UnpublishedMark, type PublishedEntry } from './published-values';
import { entryPlace, FieldProblem, messagesAt, problemAttributes, useProblems } from './problems';
import { TextFields } from './TextFields';

const text = adminText.catalogue;

/**
 * /admin/catalogue: the tractors of /tracteurs (prices, availability, photos,
 * place on the page), and every other list of the catalogue: the equipment
 * categories and their items, the spare-part sections, brands and their
 * models, the engine categories.
 */
export default function CataloguePage() {
  const localize = useLocalize();
  const [path, setPath] = useState('tractors');
  return (
    <DraftPage title={localize(adminText.nav.catalogue)} previewPath={previewPath(path)}>
      {(draft, change, content) => (
        <>
          <label className="mb-4 block max-w-xl">
            <span className={labelClass}>{localize(text.list)}</span>
            <select value={path} onChange={(event) => setPath(event.target.value)} className={inputClass}>
              {listChoices(localize, draft).map((choice) => (
                <option key={choice.path} value={choice.path}>
                  {choice.label}
                </option>
              ))}
            </select>
          </label>
          {path === 'tractors' ? (
            <TractorsEditor draft={draft} published={content.published} change={change} />
          ) : (
            <EntriesEditor path={path} draft={draft} published={content.published} change={change} />
          )}
        </>
      )}
    </DraftPage>
  );
}

/** Every list staff edit: the top lists, then each entry's own list ("Sonalika: models"), an added brand's too. */
function listChoices(localize: (text: Localized) => string, draft: ContentOverrides): { path: string; label: string }[] {
  return (Object.keys(listShapes) as CatalogueListKey[]).flatMap((key) => {
    const nested = listShapes[key].nested;
    const top = { path: key, label: localize(text.lists[key]) };
    if (!nested) return [top];
    // Hidden entries too: their lists stay editable.
    const entries = resolveList(key, defaultCatalogue[key] as readonly { id: string; name: Localized }[], { [key]: { ...draft.catalogue?.[key], hidden: [] } });
    return [
      top,
      ...entries.map((entry) => ({
        path: `${key}/${entry.id}/${nested.field}`,
        label: `${localize(text.lists[key])} › ${localize(entry.name)}`,
      })),
    ];
  });
}

/** The page a list shows on, for the preview. */
function previewPath(path: string): string {
  const top = path.split('/')[0];
  if (top === 'tractors') return tractorsPath;
  if (top === 'equipmentCategories') return equipmentHubPath;
  return sparePartsHubPath;
}

function TractorsEditor({ draft, published, change }: { draft: ContentOverrides; published: ContentOverrides; change: DraftChange }) {
  const localize = useLocalize();
  const list: ListOverrides = draft.catalogue?.tractors ?? {};
  // Hidden ones stay listed here, to be shown again.
  const shown = resolveList('tractors', defaultTractors, { tractors: { ...list, hidden: [] } });
  const hidden = new Set(list.hidden ?? []);
  const onSite = publishedEntries('tractors', defaultTractors, published);
  const { setField, setHidden, moveUp } = listActions('tractors', change, shown.map((tractor) => tractor.id));

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
            typedAvailability={list.changed?.[tractor.id]?.availabilityStatus as Partial<Localized> | undefined}
            hidden={hidden.has(tractor.id)}
            onSite={onSite(tractor.id) as PublishedEntry<Tractor> | undefined}
            place={entryPlace('tractors', list, tractor.id)}
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
  /** The availability label as staff wrote it (./TextFields.tsx). */
  typedAvailability: Partial<Localized> | undefined;
  hidden: boolean;
  /** The tractor as the site shows it; none while it is not published. */
  onSite: PublishedEntry<Tractor> | undefined;
  /** Where its fields are in the draft, for their problems. */
  place: string;
  onField(field: string, value: unknown): void;
  onHidden(hide: boolean): void;
  onUp?: () => void;
}

function TractorFields({ tractor, photo, typedAvailability, hidden, onSite, place, onField, onHidden, onUp }: TractorFieldsProps) {
  const localize = useLocalize();
  const language = useLanguage();
  const id = (field: string) => `${tractor.id}-${field}`;
  const differs = (field: keyof Tractor) => onSite !== undefined && JSON.stringify(onSite.entry[field]) !== JSON.stringify(tractor[field]);
  const yesNo = (value: boolean) => localize(value ? adminText.yes : adminText.no);
  const photoDiffers = onSite !== undefined && JSON.stringify(onSite.photo ?? null) !== JSON.stringify(photo ?? null);
  const changed = onSite === undefined || hidden !== onSite.hidden || photoDiffers || (['priceDzd', 'available', 'availabilityStatus'] as const).some(differs);

  return (
    <li className="rounded-card border border-line bg-white p-4">
      <div className="mb-3 flex flex-wrap items-center gap-3">
        <h3 className="text-lg font-semibold">{localize(tractor.name)}</h3>
        {changed && <UnpublishedMark isNew={onSite === undefined} />}
        {onUp && (
          <button type="button" onClick={onUp} className="min-h-11 rounded-lg border border-line px-3">
            {localize(text.up)}
          </button>
        )}
        <label className="inline-flex min-h-11 items-center gap-2">
          <input type="checkbox" checked={hidden} onChange={(event) => onHidden(event.target.checked)} />
          {localize(text.hidden)}
        </label>
        {onSite && hidden !== onSite.hidden && <SiteValue value={yesNo(onSite.hidden)} />}
      </div>
      <div className="grid gap-3 md:grid-cols-3">
        <div>
          <PriceField id={id('price')} value={tractor.priceDzd} place={`${place}.priceDzd`} onChange={(price) => onField('priceDzd', price)} />
          {onSite && differs('priceDzd') && <SiteValue value={formatPriceDzd(onSite.entry.priceDzd, language)} />}
        </div>
        <div>
          <label className="inline-flex min-h-11 items-center gap-2">
            <input type="checkbox" checked={tractor.available} onChange={(event) => onField('available', event.target.checked)} />
            {localize(text.available)}
          </label>
          {onSite && differs('available') && <SiteValue value={yesNo(onSite.entry.available)} />}
        </div>
        <div>
          <PhotoSelect id={id('photo')} photo={photo} image={tractor.image} drawing="wheeled-tractor" onChange={(choice) => onField('photo', choice)} />
          {photoDiffers && <SiteValue value={localize(text.otherPhotoOnSite)} />}
        </div>
      </div>
      <div className="mt-3">
        <TextFields
          label={localize(text.availability)}
          value={tractor.availabilityStatus}
          typed={typedAvailability}
          place={`${place}.availabilityStatus`}
          onChange={(value) => onField('availabilityStatus', value)}
        />
        {onSite && differs('availabilityStatus') && <SiteValue value={onSite.entry.availabilityStatus[language]} />}
      </div>
    </li>
  );
}

/**
 * A price in dinars, typed as staff write it ("3 250 000", "3.250.000 DA",
 * Arabic-Indic digits) and shown back formatted. What cannot be read as one
 * is said under the field once staff leave it, naming what to type.
 */
function PriceField({ id, value, place, onChange }: { id: string; value: number | string; place: string; onChange(price: number | string): void }) {
  const localize = useLocalize();
  const language = useLanguage();
  const [left, setLeft] = useState(false);
  const readable = typeof value === 'number' && value > 0;
  const messages = [...messagesAt(useProblems(place), place), ...(left && !readable ? [problemMessage('price', language)] : [])];
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {localize(text.price)}
      </label>
      <NumberInput id={id} value={value} onChange={onChange} onBlur={() => setLeft(true)} {...problemAttributes(messages.length > 0 && `${id}-problem`)} />
      <FieldProblem id={`${id}-problem`} messages={messages} />
      {readable && <p className="mt-1 text-sm text-ink-muted">{formatPriceDzd(value, language)}</p>}
    </div>
  );
}
