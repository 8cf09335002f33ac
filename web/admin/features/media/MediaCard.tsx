import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { MediaInUseError, MediaItem } from '../../../../shared/admin-api';
import { languages, type Localized } from '../../../../shared/languages';
import { useLanguage, useLocalize } from '../../../shared/i18n/language';
import { AdminApiError } from '../../api/client';
import { ConfirmDelete } from '../../components/ConfirmDelete';
import { ErrorMessage } from '../../components/feedback';
import { formatBytes, formatDateTime } from '../../components/format';
import { buttonClass, cardClass, dangerButtonClass, inputClass, labelClass, secondaryButtonClass } from '../../components/styles';
import { adminText } from '../../texts';
import { useDeleteMedia, useUpdateMedia } from '../../api/media-api';

const text = adminText.media;

/** One picture of the library: its alternative texts per language, its address, and deletion. */
export function MediaCard({ item, editable, onSaid }: { item: MediaItem; editable: boolean; onSaid(text: string): void }) {
  const localize = useLocalize();
  const language = useLanguage();
  const id = useId();
  const update = useUpdateMedia();
  const remove = useDeleteMedia();
  const [confirming, setConfirming] = useState(false);
  const inUse = remove.error instanceof AdminApiError && remove.error.code === 'mediaInUse' ? (remove.error.body as MediaInUseError) : undefined;

  const saveAlt = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const alt = Object.fromEntries(languages.map((lang) => [lang, String(data.get(lang) ?? '')])) as Localized;
    update.mutate({ mediaId: item.mediaId, alt }, { onSuccess: () => onSaid(localize(text.altSaved)) });
  };

  // The picture's full address, on the name the admin is open at.
  const address = new URL(item.url, window.location.origin).href;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address);
      onSaid(localize(text.copied));
    } catch {
      // No clipboard (an insecure page, a refusal): the address is selected for copying by hand.
      document.querySelector<HTMLInputElement>(`[id="${id}-url"]`)?.select();
    }
  };

  const confirmDelete = () => {
    setConfirming(false);
    remove.mutate(item, { onSuccess: () => onSaid(localize(text.deleted(item.name))) });
  };

  return (
    <li className={cardClass}>
      <a href={item.url} target="_blank" rel="noreferrer" className="mb-3 block overflow-hidden rounded-lg border border-line bg-surface">
        <img src={item.url} alt={item.alt[language] || item.name} loading="lazy" className="aspect-[4/3] w-full object-contain" />
      </a>
      <p className="font-semibold break-all" dir="auto">
        {item.name}
      </p>
      <p className="mb-3 text-sm text-ink-muted">
        {formatBytes(item.size, language)} · {localize(text.details(item.createdBy, formatDateTime(item.createdAt, language)))}
      </p>

      <form onSubmit={saveAlt}>
        <fieldset className="mb-3">
          <legend className="mb-1 font-medium">{localize(text.alt)}</legend>
          <p id={`${id}-alt-help`} className="mb-2 text-sm text-ink-muted">
            {localize(text.altHelp)}
          </p>
          {languages.map((lang) => (
            <div key={lang} className="mb-2">
              <label htmlFor={`${id}-${lang}`} className={`${labelClass} text-sm`}>
                {localize(text.altIn[lang])}
              </label>
              <input
                id={`${id}-${lang}`}
                name={lang}
                lang={lang}
                dir={lang === 'ar' ? 'rtl' : 'ltr'}
                maxLength={300}
                defaultValue={item.alt[lang]}
                readOnly={!editable}
                aria-describedby={`${id}-alt-help`}
                className={inputClass}
              />
            </div>
          ))}
        </fieldset>
        {update.error && <ErrorMessage>{update.error.message}</ErrorMessage>}
        {editable && (
          <button type="submit" disabled={update.isPending} className={buttonClass}>
            {localize(update.isPending ? adminText.saving : text.saveAlt)}
          </button>
        )}
      </form>

      <div className="mt-4">
        <label htmlFor={`${id}-url`} className={`${labelClass} text-sm`}>
          {localize(text.address)}
        </label>
        <div className="flex gap-2">
          <input id={`${id}-url`} readOnly value={address} dir="ltr" onFocus={(event) => event.currentTarget.select()} className={`${inputClass} text-sm`} />
          <button type="button" onClick={() => void copy()} className={secondaryButtonClass}>
            {localize(text.copyAddress)}
          </button>
        </div>
      </div>

      {editable && (
        <div className="mt-4">
          <button type="button" onClick={() => setConfirming(true)} disabled={remove.isPending} className={dangerButtonClass}>
            {localize(adminText.delete)}
            <span className="sr-only"> {item.name}</span>
          </button>
          {remove.error && (
            <ErrorMessage>
              <p>{remove.error.message}</p>
              {inUse?.catalogue && <p className="mt-1">{localize(text.usedByCatalogue)}</p>}
              {inUse && inUse.products.length > 0 && (
                <>
                  <p className="mt-1">{localize(text.usedBy)}</p>
                  <ul className="list-disc ps-6">
                    {inUse.products.map((product) => (
                      <li key={product.productId}>
                        <Link to={`/products/${product.productId}`} className="underline">
                          {localize(product.name)}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </ErrorMessage>
          )}
        </div>
      )}

      <ConfirmDelete question={confirming ? localize(text.confirmDelete(item.name)) : undefined} onConfirm={confirmDelete} onCancel={() => setConfirming(false)} />
    </li>
  );
}
