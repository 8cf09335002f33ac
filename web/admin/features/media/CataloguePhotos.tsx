import { useMemo, useState } from 'react';
import { defaultCatalogue } from '../../../../shared/catalogue/defaults';
import type { ContentOverrides } from '../../../../shared/content/model';
import { photoEntries, type PhotoEntry } from '../../../../shared/content/photo-names';
import { resolveCatalogue } from '../../../../shared/content/resolve';
import { searchableText } from '../../../../shared/text/search-text';
import { useLanguage, useLocalize } from '../../../shared/i18n/language';
import { useChooseDraftPhotos, useContent } from '../../api/content-draft';
import { DrawingThumbnail } from '../../components/DrawingThumbnail';
import { ErrorMessage, StatusMessage } from '../../components/feedback';
import { PicturePicker, useLibraryPictures } from '../../components/PicturePicker';
import { inputClass, labelClass, secondaryButtonClass } from '../../components/styles';
import { adminText } from '../../texts';

const text = adminText.media;

/** The catalogue's entries, as a draft has them. */
export const entriesOfDraft = (draft: ContentOverrides): PhotoEntry[] => photoEntries(resolveCatalogue(defaultCatalogue, draft.catalogue));

/** The catalogue's entries, as the saved draft has them (undefined until it is read). */
export function usePhotoEntries(): { entries: PhotoEntry[] | undefined; content: ReturnType<typeof useContent> } {
  const content = useContent();
  const draft = content.data?.draft;
  const entries = useMemo(() => draft && entriesOfDraft(draft), [draft]);
  return { entries, content };
}

/**
 * The entries with no photo yet, in a grid, each with its thumbnail (the
 * drawing the site shows for it) and a button that chooses its picture from
 * the library's thumbnails; an entry given one here stays listed, with it.
 */
export function CataloguePhotos({ open, placed }: { open: boolean; placed: ReadonlySet<string> }) {
  const localize = useLocalize();
  const language = useLanguage();
  const { entries, content } = usePhotoEntries();
  const choose = useChooseDraftPhotos();
  const pictures = useLibraryPictures();
  const [chosenHere, setChosenHere] = useState<ReadonlySet<string>>(new Set());
  const [picking, setPicking] = useState<PhotoEntry>();
  const [search, setSearch] = useState('');
  const [said, setSaid] = useState<string>();

  const wanted = searchableText(search);
  const listed = (entries ?? []).filter(
    (entry) =>
      (!(entry.photo || (entry.photo === undefined && entry.image)) || placed.has(entry.entry) || chosenHere.has(entry.entry)) &&
      (wanted === '' || searchableText(entry.label[language]).includes(wanted)),
  );

  return (
    <details open={open || undefined} className="mb-6 rounded-card border border-line bg-white p-4">
      <summary className="cursor-pointer text-lg font-bold text-brand-900">{localize(text.catalogueTitle)}</summary>
      <p className="mt-2 text-sm text-ink-muted">{localize(text.catalogueHelp)}</p>
      {content.error && <ErrorMessage>{content.error.message}</ErrorMessage>}
      {choose.error && <ErrorMessage>{choose.error.message}</ErrorMessage>}
      <StatusMessage>{said}</StatusMessage>
      <label className="mt-3 block max-w-md">
        <span className={labelClass}>{localize(text.findEntry)}</span>
        <input type="search" value={search} onChange={(event) => setSearch(event.target.value)} className={inputClass} />
      </label>
      <ul aria-label={localize(text.catalogueTitle)} className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {listed.map((entry) => {
          const label = entry.label[language];
          const picture = entry.photo ? pictures.find((candidate) => candidate.mediaId === entry.photo!.mediaId) : undefined;
          return (
            <li key={entry.entry} className="flex flex-col gap-2 rounded-lg border border-line p-2">
              {picture ? (
                <img src={picture.url} alt={label} className="aspect-[8/5] w-full rounded-lg object-cover" />
              ) : (
                <DrawingThumbnail kind={entry.drawing} label={localize(adminText.catalogue.noPhoto)} className="aspect-[8/5] w-full" />
              )}
              <span className="text-sm break-words" dir="auto">
                {label}
              </span>
              <button
                type="button"
                aria-label={localize(text.entryPhoto(label))}
                disabled={choose.isPending}
                onClick={() => setPicking(entry)}
                className={`${secondaryButtonClass} mt-auto`}
              >
                {localize(picture ? adminText.products.changePicture : adminText.products.choosePicture)}
              </button>
            </li>
          );
        })}
      </ul>
      <PicturePicker
        open={picking !== undefined}
        chosen={picking?.photo?.mediaId}
        onPick={(picture) => {
          const entry = picking!;
          setPicking(undefined);
          choose.mutate([{ entry: entry.entry, mediaId: picture.mediaId }], {
            onSuccess: () => {
              setChosenHere((current) => new Set(current).add(entry.entry));
              setSaid(`${localize(text.placedOn(entry.label[language]))}. ${localize(text.placedInDraft)}`);
            },
          });
        }}
        onClose={() => setPicking(undefined)}
      />
    </details>
  );
}
