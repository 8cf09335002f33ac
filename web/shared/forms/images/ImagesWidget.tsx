import type { WidgetProps } from '@rjsf/utils';
import { ariaDescribedByIds } from '@rjsf/utils';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type ChangeEvent } from 'react';
import type { FieldSchema } from '../../../../shared/forms/form-schema';
import { uploadLimits, uploadText } from '../../../../shared/forms/uploads';
import type { Localized } from '../../../../shared/languages';
import { useLocalize } from '../../i18n/language';
import { useSiteText } from '../../content/content';
import type { OrderFormContext } from '../form-context';
import { asList } from './upload-images';
import { photosVersion, pickFiles, preparePhoto, releasePicked, subscribeToPhotos, unreadablePhotos, uploadProgress } from './picked-images';

/**
 * A photo field: pick photos (or take them, on a phone), see them, remove
 * them. Each starts uploading as soon as it is picked, while the farmer fills
 * in the rest; its progress shows on it.
 */
export function ImagesWidget(props: WidgetProps) {
  const siteText = useSiteText();
  const localize = useLocalize();
  const limits = uploadLimits(props.schema as FieldSchema);
  const urls = useMemo(() => asList(props.value).filter((url) => url !== ''), [props.value]);
  const [error, setError] = useState<Localized>();
  const form = props.registry.formContext as OrderFormContext | undefined;
  useSyncExternalStore(subscribeToPhotos, photosVersion, photosVersion);
  const language = form?.language;
  // Photos picked offline are only shrunk; their upload starts when the network is back.
  const online = useSyncExternalStore(subscribeToNetwork, () => navigator.onLine, () => true);
  useEffect(() => {
    if (!form || !language) return;
    for (const url of urls) preparePhoto(url, { formId: form.formId, field: props.name, language });
  }, [urls, form, language, props.name, online]);
  // A damaged file that looked like a photo by its first bytes: taken off as soon as shrinking it fails, and said why.
  const current = useRef({ urls, onChange: props.onChange });
  useEffect(() => {
    current.current = { urls, onChange: props.onChange };
  });
  useEffect(
    () =>
      subscribeToPhotos(() => {
        const { urls: shown, onChange } = current.current;
        const unreadable = unreadablePhotos(shown);
        if (unreadable.length === 0) return;
        unreadable.forEach(({ url }) => releasePicked(url));
        setError(uploadText.notImage(unreadable[0]!.name));
        const rest = shown.filter((url) => !unreadable.some((photo) => photo.url === url));
        onChange(rest.length > 0 ? rest : undefined);
      }),
    [],
  );
  const full = urls.length >= limits.maxItems;
  const inactive = props.disabled || props.readonly;

  const onPick = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = ''; // picking the same photo again must fire a change
    const result = await pickFiles(files, limits, urls);
    setError(result.error);
    if (!result.error) props.onChange(result.urls);
  };

  const remove = (url: string) => {
    releasePicked(url);
    setError(undefined);
    const rest = urls.filter((item) => item !== url);
    props.onChange(rest.length > 0 ? rest : undefined);
  };

  return (
    <div>
      {urls.length > 0 && (
        <ul className="mb-3 grid grid-cols-3 gap-2">
          {urls.map((url, index) => (
            <li key={url} className="relative overflow-hidden rounded-lg border border-line bg-surface">
              <img src={url} alt={`${localize(siteText.form.photo)} ${index + 1}`} className="aspect-square w-full object-cover" />
              {uploadProgress(url) !== undefined && (
                <progress
                  max={1}
                  value={uploadProgress(url)}
                  aria-label={`${localize(siteText.form.photo)} ${index + 1}`}
                  className="absolute inset-x-1 bottom-1 h-2 w-[calc(100%-0.5rem)] accent-brand-700"
                />
              )}
              {!inactive && (
                <button
                  type="button"
                  onClick={() => remove(url)}
                  className="absolute end-1 top-1 flex size-11 items-center justify-center rounded-full bg-white/90 text-danger-700 shadow"
                >
                  <span className="sr-only">
                    {localize(siteText.form.removePhoto)} {index + 1}
                  </span>
                  <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2.5">
                    <path d="M6 6l12 12M18 6L6 18" />
                  </svg>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <input
        id={props.id}
        type="file"
        accept={limits.accept.join(',')}
        multiple={limits.maxItems > 1}
        disabled={inactive || full}
        onChange={(event) => void onPick(event)}
        aria-describedby={ariaDescribedByIds(props.id)}
        className="peer sr-only"
      />
      <label
        htmlFor={props.id}
        aria-hidden="true"
        className={`flex min-h-12 cursor-pointer items-center justify-center gap-2 rounded-lg border-2 border-dashed border-brand-600 px-4 font-semibold text-brand-800 peer-focus-visible:outline-3 peer-focus-visible:outline-harvest-500 hover:bg-brand-50 ${inactive || full ? 'pointer-events-none opacity-50' : ''}`}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M4 8h3l2-3h6l2 3h3v11H4z" />
          <circle cx="12" cy="13" r="3.5" />
        </svg>
        {localize(limits.maxItems > 1 ? siteText.form.addPhotos : siteText.form.addPhoto)} ({urls.length}/{limits.maxItems})
      </label>
      {error && (
        <p role="alert" className="mt-2 text-sm font-medium text-danger-700">
          {localize(error)}
        </p>
      )}
    </div>
  );
}

function subscribeToNetwork(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}
