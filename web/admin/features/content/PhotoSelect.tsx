import { useState } from 'react';
import type { DrawingKind } from '../../../../shared/catalogue/drawings';
import type { PhotoChoice } from '../../../../shared/content/model';
import { useLanguage, useLocalize } from '../../../shared/i18n/language';
import { DrawingThumbnail } from '../../components/DrawingThumbnail';
import { PicturePicker, useLibraryPictures } from '../../components/PicturePicker';
import { labelClass, secondaryButtonClass } from '../../components/styles';
import { adminText } from '../../texts';

const text = adminText.catalogue;

/**
 * A catalogue entry's photo, chosen from the library's thumbnails: the one
 * chosen in the draft, else the photo it has (the build's), else none (the
 * drawing of its kind); "Remove" goes back to the drawing.
 */
export function PhotoSelect({
  id,
  photo,
  image,
  drawing,
  onChange,
}: {
  id: string;
  photo: PhotoChoice | null | undefined;
  /** The entry's own photo (the build's, or a published one), shown while the draft chooses none. */
  image?: { src: string };
  /** What the site shows while the entry has no photo. */
  drawing: DrawingKind;
  onChange(photo: PhotoChoice | null): void;
}) {
  const localize = useLocalize();
  const language = useLanguage();
  const [open, setOpen] = useState(false);
  const pictures = useLibraryPictures();
  const chosen = photo ? pictures.find((picture) => picture.mediaId === photo.mediaId) : undefined;
  const src = photo === null ? undefined : photo ? chosen?.url : image?.src;
  const described = chosen ? chosen.alt[language] || chosen.name : undefined;
  return (
    <div>
      <span className={labelClass}>{localize(text.photo)}</span>
      <div className="flex flex-wrap items-center gap-3">
        {src ? (
          <img src={src} alt={`${localize(adminText.products.currentPicture)}${described ? `: ${described}` : ''}`} className="size-20 rounded-lg border border-line object-cover" />
        ) : (
          <DrawingThumbnail kind={drawing} label={localize(text.noPhoto)} />
        )}
        <button
          id={id}
          type="button"
          // The field's name with what the button does: "Photo: Change the picture".
          aria-label={`${localize(text.photo)}: ${localize(src ? adminText.products.changePicture : adminText.products.choosePicture)}`}
          onClick={() => setOpen(true)}
          className={secondaryButtonClass}
        >
          {localize(src ? adminText.products.changePicture : adminText.products.choosePicture)}
        </button>
        {src && (
          <button type="button" onClick={() => onChange(null)} className={secondaryButtonClass}>
            {localize(adminText.products.removePicture)}
          </button>
        )}
      </div>
      <PicturePicker
        open={open}
        chosen={photo?.mediaId}
        onPick={(picture) => {
          onChange({ mediaId: picture.mediaId });
          setOpen(false);
        }}
        onClose={() => setOpen(false)}
      />
    </div>
  );
}
