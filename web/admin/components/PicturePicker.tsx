import type { MediaItem } from '../../../shared/admin-api';
import { Modal } from '../../shared/components/Modal';
import { useLanguage, useLocalize } from '../../shared/i18n/language';
import { useMediaPages } from '../api/media-api';
import { adminText } from '../texts';
import { ErrorMessage, LoadMore, Loading } from './feedback';

const text = adminText.products;

/** The library's pictures, all the pages loaded so far. */
export function useLibraryPictures(): MediaItem[] {
  const media = useMediaPages();
  return media.data?.pages.flatMap((page) => page.items) ?? [];
}

/**
 * A picture of the media library chosen by its thumbnail, in a dialog: each
 * a button named after its alternative text (or its file name), the one in
 * use pressed; "Load more" for the older ones.
 */
export function PicturePicker({ open, chosen, onPick, onClose }: { open: boolean; chosen?: string; onPick(picture: MediaItem): void; onClose(): void }) {
  const localize = useLocalize();
  const language = useLanguage();
  const media = useMediaPages();
  const items = media.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Modal open={open} title={localize(text.choosePicture)} onClose={onClose}>
      {media.isPending && <Loading />}
      {media.error && <ErrorMessage>{media.error.message}</ErrorMessage>}
      {media.data && items.length === 0 && <p>{localize(text.noMediaYet)}</p>}
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {items.map((item) => (
          <li key={item.mediaId}>
            <button
              type="button"
              onClick={() => onPick(item)}
              aria-pressed={item.mediaId === chosen}
              className="block w-full overflow-hidden rounded-lg border-2 border-line text-start hover:border-brand-700 aria-pressed:border-brand-700"
            >
              <img src={item.url} alt="" loading="lazy" className="aspect-square w-full object-cover" />
              <span className="block truncate p-1 text-sm" dir="auto">
                {localize(text.usePicture(item.alt[language] || item.name))}
              </span>
            </button>
          </li>
        ))}
      </ul>
      <LoadMore pages={media} />
    </Modal>
  );
}
