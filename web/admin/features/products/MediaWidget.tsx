import type { WidgetProps } from '@rjsf/utils';
import { ariaDescribedByIds } from '@rjsf/utils';
import { useState } from 'react';
import { useLanguage, useLocalize } from '../../../shared/i18n/language';
import { PicturePicker, useLibraryPictures } from '../../components/PicturePicker';
import { secondaryButtonClass } from '../../components/styles';
import { adminText } from '../../texts';

const text = adminText.products;

/** What the editor tells the picture field: the product's picture as stored, shown until the library has loaded. */
export interface ProductFormContext {
  pictureUrl?: string;
}

/** The product's picture (`pictureId`, `x-widget: media`): picked from the media library in a dialog. */
export function MediaWidget(props: WidgetProps) {
  const localize = useLocalize();
  const language = useLanguage();
  const [open, setOpen] = useState(false);
  const items = useLibraryPictures();
  const pictureId = typeof props.value === 'string' ? props.value : undefined;
  const current = items.find((item) => item.mediaId === pictureId);
  const currentUrl = current?.url ?? (pictureId && (props.registry.formContext as ProductFormContext | undefined)?.pictureUrl);

  const pick = (mediaId: string | undefined) => {
    props.onChange(mediaId);
    setOpen(false);
  };

  return (
    <div className="flex flex-wrap items-center gap-3">
      {currentUrl ? (
        <img
          src={currentUrl}
          alt={`${localize(text.currentPicture)}: ${current ? current.alt[language] || current.name : ''}`}
          className="size-24 rounded-lg border border-line object-cover"
        />
      ) : (
        <span className="flex size-24 items-center justify-center rounded-lg border border-dashed border-line text-center text-sm text-ink-muted">
          {localize(text.noPicture)}
        </span>
      )}
      <button
        id={props.id}
        type="button"
        disabled={props.disabled || props.readonly}
        onClick={() => setOpen(true)}
        // The field's label would otherwise replace what the button does.
        aria-label={`${props.label}: ${localize(pictureId ? text.changePicture : text.choosePicture)}`}
        aria-describedby={ariaDescribedByIds(props.id)}
        className={secondaryButtonClass}
      >
        {localize(pictureId ? text.changePicture : text.choosePicture)}
      </button>
      {pictureId && (
        <button type="button" disabled={props.disabled || props.readonly} onClick={() => pick(undefined)} className={secondaryButtonClass}>
          {localize(text.removePicture)}
        </button>
      )}
      <PicturePicker open={open} chosen={pictureId} onPick={(picture) => pick(picture.mediaId)} onClose={() => setOpen(false)} />
    </div>
  );
}
