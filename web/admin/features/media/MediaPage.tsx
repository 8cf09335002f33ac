import { useId, useState, type ChangeEvent } from 'react';
import { useLanguage, useLocalize } from '../../../shared/i18n/language';
import { useAdminRequest } from '../../api/client';
import { isAdmin, useSession } from '../../auth/session';
import { ErrorMessage, LoadMore, Loading, StatusMessage } from '../../components/feedback';
import { PageHeading } from '../../components/PageHeading';
import { adminText } from '../../texts';
import { MediaCard } from './MediaCard';
import { useMediaPages, useRefreshMedia } from '../../api/media-api';
import { maxFilesPerUpload, pictureProblem, uploadPictures, type UploadState } from './upload-media';

const text = adminText.media;

/**
 * /admin/media: the pictures the products show. Upload (shrunk, with each
 * file's progress), describe in each language, copy the address, delete
 * (refused while a product shows it).
 */
export default function MediaPage() {
  const localize = useLocalize();
  const session = useSession();
  const pages = useMediaPages();
  const items = pages.data?.pages.flatMap((page) => page.items) ?? [];
  const [said, setSaid] = useState<string>();

  return (
    <>
      <PageHeading title={localize(text.title)} />
      {isAdmin(session) ? <Uploader /> : <p className="mb-4 text-ink-muted">{localize(adminText.products.adminsOnly)}</p>}
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
  name: string;
  state: UploadState;
}

function Uploader() {
  const localize = useLocalize();
  const language = useLanguage();
  const request = useAdminRequest();
  const refresh = useRefreshMedia();
  const id = useId();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [problem, setProblem] = useState<string>();
  const busy = uploads.some(({ state }) => state.state === 'preparing' || state.state === 'uploading');
  const done = uploads.filter(({ state }) => state.state === 'done').length;

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = ''; // picking the same file again must fire a change
    const refused = files.length > maxFilesPerUpload ? text.tooMany(maxFilesPerUpload) : files.map(pictureProblem).find(Boolean);
    setProblem(refused && localize(refused));
    if (refused || files.length === 0) return;
    setUploads(files.map(({ name }) => ({ name, state: { state: 'preparing' } })));
    await uploadPictures(files, { request, language }, (index, state) =>
      setUploads((current) => current.map((upload, i) => (i === index ? { ...upload, state } : upload))),
    );
    await refresh();
  };

  return (
    <section aria-labelledby={`${id}-title`} className="mb-6 rounded-card border border-line bg-white p-4">
      <h2 id={`${id}-title`} className="mb-2 text-lg font-bold text-brand-900">
        {localize(text.upload)}
      </h2>
      <input
        id={`${id}-files`}
        type="file"
        accept="image/jpeg,image/png,image/gif,image/webp"
        multiple
        disabled={busy}
        onChange={(event) => void pick(event)}
        aria-describedby={`${id}-help`}
        className="peer sr-only"
      />
      <label
        htmlFor={`${id}-files`}
        className={`flex min-h-12 cursor-pointer items-center justify-center gap-2 rounded-lg border-2 border-dashed border-brand-600 px-4 font-semibold text-brand-800 peer-focus-visible:outline-3 peer-focus-visible:outline-harvest-500 hover:bg-brand-50 ${busy ? 'pointer-events-none opacity-50' : ''}`}
      >
        {localize(text.upload)}
      </label>
      <p id={`${id}-help`} className="mt-1 text-sm text-ink-muted">
        {localize(text.uploadHelp)}
      </p>
      {problem && <ErrorMessage>{problem}</ErrorMessage>}
      <StatusMessage>{uploads.length > 0 && !busy && `${localize(text.uploaded)}: ${done}/${uploads.length}`}</StatusMessage>
      {uploads.length > 0 && (
        <ul aria-label={localize(text.uploads)} className="mt-3 grid gap-2">
          {uploads.map(({ name, state }, index) => (
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
