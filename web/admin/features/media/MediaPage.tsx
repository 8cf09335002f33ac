import { useCallback, useEffect, useId, useState, type ChangeEvent, type DragEvent } from 'react';
import { entryNamedBy } from '../../../../shared/content/photo-names';
import { useLanguage, useLocalize } from '../../../shared/i18n/language';
import { useAdminRequest } from '../../api/client';
import { useChooseDraftPhotos } from '../../api/content-draft';
import { isAdmin, useSession } from '../../auth/session';
import { ErrorMessage, LoadMore, Loading, StatusMessage } from '../../components/feedback';
import { PageHeading } from '../../components/PageHeading';
import { secondaryButtonClass } from '../../components/styles';
import { adminText } from '../../texts';
import { CataloguePhotos, entriesOfDraft, usePhotoEntries } from './CataloguePhotos';
import { MediaCard } from './MediaCard';
import { useMediaPages, useRefreshMedia } from '../../api/media-api';
import { forgetPhoto, keepDrop, leftPhotos, rememberUpload, whileSending, type PendingPhoto } from './pending-drop';
import { maxFilesPerDrop, pictureProblem, uploadPictures, type UploadState } from './upload-media';

const text = adminText.media;

/**
 * /admin/media: the pictures the products and the catalogue show. Upload
 * many at once (shrunk, with each file's progress, those named after a
 * catalogue entry put on it), choose the others for the entries still
 * without a photo, describe in each language, copy the address, delete
 * (refused while a product shows it).
 */
export default function MediaPage() {
  const localize = useLocalize();
  const session = useSession();
  const pages = useMediaPages();
  const items = pages.data?.pages.flatMap((page) => page.items) ?? [];
  const [said, setSaid] = useState<string>();
  // The entries given a photo by a drop, kept in the grid with it; the grid opens when a drop left photos to place.
  const [placed, setPlaced] = useState<ReadonlySet<string>>(new Set());
  const [unplaced, setUnplaced] = useState(0);

  return (
    <>
      <PageHeading title={localize(text.title)} />
      {isAdmin(session) ? (
        <>
          <Uploader
            onUploaded={(entries, left) => {
              setPlaced((current) => new Set([...current, ...entries]));
              setUnplaced((current) => current + left);
            }}
          />
          <CataloguePhotos open={unplaced > 0} placed={placed} />
        </>
      ) : (
        <p className="mb-4 text-ink-muted">{localize(adminText.products.adminsOnly)}</p>
      )}
      <StatusMessage>{said}</StatusMessage>
      {pages.isPending && <Loading />}
      {pages.error && <ErrorMessage>{pages.error.message}</ErrorMessage>}
      {pages.data && items.length === 0 && <p className="py-8 text-center text-ink-muted">{localize(text.none)}</p>}
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((item) => (
          <MediaCard key={item.mediaId} item={item} editable={isAdmin(session)} onSaid={setSaid} />
        ))}
      </ul>
      <LoadMore pages={pages} />
    </>
  );
}

interface Upload {
  file: File;
  state: UploadState;
  /** The catalogue entry its file name names, once it is put on it in the draft. */
  placedOn?: string;
  /** Its record in the browser until it is in the library (none when the browser keeps nothing). */
  pending?: PendingPhoto;
}

/**
 * Photos dropped or chosen, many at once: each sent with its own progress,
 * those that failed sent again alone, and each whose file name names a
 * catalogue entry put on that entry in the draft. The photos not in the
 * library yet are kept in the browser (./pending-drop.ts): after a reload,
 * those left are offered to be sent on, or dropped.
 */
function Uploader({ onUploaded }: { onUploaded(placed: string[], unplaced: number): void }) {
  const localize = useLocalize();
  const language = useLanguage();
  const request = useAdminRequest();
  const refresh = useRefreshMedia();
  const { entries, content } = usePhotoEntries();
  const choose = useChooseDraftPhotos();
  const id = useId();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [problem, setProblem] = useState<string>();
  const [dragging, setDragging] = useState(false);
  const busy = uploads.some(({ state }) => state.state === 'preparing' || state.state === 'uploading') || choose.isPending;
  const done = uploads.filter(({ state }) => state.state === 'done').length;
  const failed = uploads.flatMap((upload, index) => (upload.state.state === 'failed' ? [index] : []));
  // Photos of earlier drops still in the browser, not on screen and sent by no tab.
  const [left, setLeft] = useState<PendingPhoto[]>([]);
  const findLeft = useCallback(async (onScreen: readonly Upload[]) => {
    const shown = new Set(onScreen.map(({ pending }) => pending?.key));
    setLeft((await leftPhotos()).filter(({ key }) => !shown.has(key)));
  }, []);
  useEffect(() => {
    void leftPhotos().then(setLeft);
  }, []);

  /** Sends the uploads at these places of the list (all of a new drop, or those that failed), then puts the named ones on their entries. */
  const send = async (list: Upload[], places: number[]) => {
    setUploads(list);
    // Held until the named photos are on their entries: another tab offers none of these meanwhile.
    await whileSending(
      places.flatMap((place) => list[place]!.pending ?? []),
      () => sendHeld(list, places),
    );
    void findLeft(list);
  };

  const sendHeld = async (list: Upload[], places: number[]) => {
    const states = new Map<number, UploadState>();
    await uploadPictures(
      places.map((place) => ({ file: list[place]!.file, url: list[place]!.pending?.url })),
      {
        request,
        language,
        onGranted: async (index, url) => {
          const photo = list[places[index]!]!.pending;
          if (!photo) return;
          await rememberUpload(photo, url);
          setUploads((current) => current.map((upload, i) => (i === places[index] ? { ...upload, pending: { ...photo, url } } : upload)));
        },
      },
      (index, state) => {
        states.set(places[index]!, state);
        setUploads((current) => current.map((upload, i) => (i === places[index] ? { ...upload, state } : upload)));
      },
    );
    await refresh();
    const done = places.filter((place) => states.get(place)?.state === 'done');
    // In the library, and on their entries for those named after one: the browser need not keep them (a reload
    // before this registers them again, which finds each one's picture, and puts them on their entries).
    const forgetDone = () => Promise.all(done.flatMap((place) => list[place]!.pending ?? []).map(forgetPhoto));
    // A drop made before the draft was read waits for it here.
    const draft = entries ? undefined : (await content.refetch()).data?.draft;
    const catalogue = entries ?? (draft && entriesOfDraft(draft)) ?? [];
    const named = done.flatMap((place) => {
      const state = states.get(place);
      const entry = entryNamedBy(list[place]!.file.name, catalogue);
      return state?.state === 'done' && entry ? [{ place, entry, mediaId: state.item.mediaId }] : [];
    });
    if (named.length > 0) {
      try {
        await choose.mutateAsync(named.map(({ entry, mediaId }) => ({ entry: entry.entry, mediaId })));
      } catch {
        await forgetDone();
        return onUploaded([], done.length); // the error shows; the photos are in the library, to be chosen by hand
      }
      const placedOn = new Map(named.map(({ place, entry }) => [place, entry.label[language]]));
      setUploads((current) => current.map((upload, i) => (placedOn.has(i) ? { ...upload, placedOn: placedOn.get(i) } : upload)));
    }
    await forgetDone();
    onUploaded(
      named.map(({ entry }) => entry.entry),
      done.length - named.length,
    );
  };

  const start = (files: File[]) => {
    const refused = files.length > maxFilesPerDrop ? text.tooMany(maxFilesPerDrop) : files.map(pictureProblem).find(Boolean);
    setProblem(refused && localize(refused));
    if (refused || files.length === 0) return;
    const list: Upload[] = files.map((file) => ({ file, state: { state: 'preparing' } }));
    // Shown at once; sent once the browser keeps them (about a second for 200 phone photos).
    setUploads(list);
    void keepDrop(files).then((kept) =>
      send(
        list.map((upload, index) => ({ ...upload, pending: kept?.[index] })),
        list.map((_, index) => index),
      ),
    );
  };

  /** The photos left from an interrupted drop, sent on as a drop of their own (named ones put on their entries). */
  const sendLeft = () => {
    const list = left.map((pending) => ({ file: pending.file, state: { state: 'preparing' } as const, pending }));
    setLeft([]);
    void send(list, list.map((_, index) => index));
  };

  const dropLeft = async () => {
    await Promise.all(left.map(forgetPhoto));
    setLeft([]);
  };

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = ''; // picking the same file again must fire a change
    start(files);
  };

  const drop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!busy) start(Array.from(event.dataTransfer.files));
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
      className={`mb-6 rounded-card border bg-white p-4 ${dragging ? 'border-brand-700 bg-brand-50' : 'border-line'}`}
    >
      <h2 id={`${id}-title`} className="mb-2 text-lg font-bold text-brand-900">
        {localize(text.upload)}
      </h2>
      <input
        id={`${id}-files`}
        type="file"
        accept="image/jpeg,image/png,image/gif,image/webp"
        multiple
        disabled={busy}
        onChange={pick}
        aria-describedby={`${id}-help`}
        className="peer sr-only"
      />
      <label
        htmlFor={`${id}-files`}
        className={`flex min-h-24 cursor-pointer items-center justify-center gap-2 rounded-lg border-2 border-dashed border-brand-600 px-4 font-semibold text-brand-800 peer-focus-visible:outline-3 peer-focus-visible:outline-harvest-500 hover:bg-brand-50 ${busy ? 'pointer-events-none opacity-50' : ''}`}
      >
        {localize(text.upload)}
      </label>
      <p id={`${id}-help`} className="mt-1 text-sm text-ink-muted">
        {localize(text.uploadHelp)}
      </p>
      {problem && <ErrorMessage>{problem}</ErrorMessage>}
      {left.length > 0 && !busy && (
        <div role="group" aria-label={localize(text.leftFromDrop(left.length))} className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3">
          <p>{localize(text.leftFromDrop(left.length))}</p>
          <div className="mt-2 flex flex-wrap gap-3">
            <button type="button" onClick={sendLeft} className={secondaryButtonClass}>
              {localize(text.continueDrop)}
            </button>
            <button type="button" onClick={() => void dropLeft()} className={secondaryButtonClass}>
              {localize(text.dropLeft)}
            </button>
          </div>
        </div>
      )}
      {choose.error && <ErrorMessage>{choose.error.message}</ErrorMessage>}
      <StatusMessage>{uploads.length > 0 && !busy && `${localize(text.uploaded)}: ${done}/${uploads.length}`}</StatusMessage>
      {failed.length > 0 && !busy && (
        <button type="button" onClick={() => void send(uploads, failed)} className={`${secondaryButtonClass} mt-2`}>
          {localize(text.sendFailedAgain)} ({failed.length})
        </button>
      )}
      {uploads.length > 0 && (
        <ul aria-label={localize(text.uploads)} className="mt-3 grid gap-2">
          {uploads.map(({ file: { name }, state, placedOn }, index) => (
            <li key={`${name}-${index}`} className="grid gap-1">
              <span className="flex justify-between gap-3 text-sm">
                <span className="truncate" dir="auto">
                  {name}
                </span>
                <span className={state.state === 'failed' ? 'font-semibold text-danger-700' : 'text-ink-muted'}>
                  {state.state === 'preparing' && localize(text.preparing)}
                  {state.state === 'uploading' && `${Math.round(state.fraction * 100)} %`}
                  {state.state === 'done' && localize(text.uploaded)}
                  {state.state === 'failed' && state.message}
                </span>
              </span>
              {placedOn && (
                <span className="text-sm font-semibold text-brand-800" dir="auto">
                  {localize(text.placedOn(placedOn))}
                </span>
              )}
              <progress
                max={1}
                value={state.state === 'uploading' ? state.fraction : state.state === 'done' ? 1 : state.state === 'preparing' ? undefined : 0}
                aria-label={localize(text.uploadProgress(name))}
                className="h-2 w-full accent-brand-700"
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
