import type { PhotoChoice } from '../../../../shared/content/model';
import { useLocalize } from '../../../shared/i18n/language';
import { inputClass, labelClass } from '../../components/styles';
import { adminText } from '../../texts';
import { useMediaPages } from '../../api/media-api';

/** A picture of the media library for a catalogue entry; none: the drawn placeholder (or the build's photo). */
export function PhotoSelect({ id, photo, onChange }: { id: string; photo: PhotoChoice | null | undefined; onChange(photo: PhotoChoice | null): void }) {
  const localize = useLocalize();
  const media = useMediaPages();
  const pictures = media.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {localize(adminText.catalogue.photo)}
      </label>
      <select id={id} value={photo?.mediaId ?? ''} onChange={(event) => onChange(event.target.value ? { mediaId: event.target.value } : null)} className={inputClass}>
        <option value="">{localize(adminText.catalogue.noPhoto)}</option>
        {pictures.map((picture) => (
          <option key={picture.mediaId} value={picture.mediaId}>
            {picture.name}
          </option>
        ))}
      </select>
    </div>
  );
}
