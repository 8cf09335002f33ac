import type { CatalogueImage } from '../../../shared/catalogue/types';
import { useLocalize } from '../../shared/i18n/language';
import { useSiteText } from '../../shared/content/content';
import { drawingUrl, type DrawingKind } from '../../../shared/catalogue/drawings';
import { useHydrated } from '../hooks/useHydrated';
import { TractorIllustration } from './TractorIllustration';

interface ItemPictureProps {
  image?: CatalogueImage;
  /** A picture of the staff's media library (a product's): one file, shown in the same frame. */
  pictureUrl?: string;
  /** Alt text: the item's name in the visitor's language. */
  alt: string;
  /** Above the fold: load at once and with high priority (the page's largest image). */
  priority?: boolean;
  /** The drawing shown while there is no photo: the item's kind of machine (shared/catalogue/drawings.ts). */
  placeholder?: DrawingKind;
  /** Shown as a thumbnail (8rem wide, 16:9) below 640 px, in a compact list: the phone picks a smaller file. */
  thumbnailOnPhones?: boolean;
  /**
   * Never in a phone's first screen: the drawing (while there is no photo) is fetched only after the page's
   * first paint. Chrome fetches lazy images well below the screen at once, beside the font that paint waits for.
   */
  drawingAfterFirstPaint?: boolean;
}

/**
 * A catalogue photo in AVIF/WebP with its intrinsic size (no layout shift),
 * or a library picture in the same fixed frame, lazy below the fold; a
 * drawing of the item's kind, clearly marked, while no photo exists.
 */
export function ItemPicture({
  image,
  pictureUrl,
  alt,
  priority = false,
  placeholder = 'other-tool',
  thumbnailOnPhones = false,
  drawingAfterFirstPaint = false,
}: ItemPictureProps) {
  const siteText = useSiteText();
  const localize = useLocalize();
  // A thumbnail's frame is wider for its height (16:9): its row is no taller than the name and action beside it.
  const frame = thumbnailOnPhones ? 'aspect-[8/5] max-sm:aspect-video' : 'aspect-[8/5]';
  if (!image && pictureUrl) {
    return (
      <img
        src={pictureUrl}
        alt={alt}
        loading={priority ? 'eager' : 'lazy'}
        decoding="async"
        className={`${frame} w-full bg-brand-50 object-cover`}
      />
    );
  }
  if (!image) {
    // The label takes its own strip under the drawing, which shrinks to the space left: in a small thumbnail
    // (a model page at 360 px) a label laid over the drawing would hide most of it.
    return (
      <div
        role="img"
        aria-label={`${alt}: ${localize(siteText.photoComingSoon)}`}
        className={`flex ${frame} w-full flex-col overflow-hidden bg-brand-50`}
      >
        <div className="min-h-0 flex-1">
          {/* The page's first picture, when it is the tractor drawing (the home page's and /tracteurs'), paints with the page: no request before it. */}
          {priority && placeholder === 'wheeled-tractor' ? (
            <TractorIllustration className="block size-full" />
          ) : drawingAfterFirstPaint ? (
            <DrawingAfterFirstPaint kind={placeholder} />
          ) : (
            <img src={drawingUrl(placeholder)} alt="" loading={priority ? 'eager' : 'lazy'} decoding="async" className="size-full object-cover" />
          )}
        </div>
        <span aria-hidden="true" className="shrink-0 bg-white/80 px-2 py-0.5 text-center text-xs font-medium text-ink-muted">
          {localize(siteText.photoComingSoon)}
        </span>
      </div>
    );
  }
  const base = image.src.replace(/\.(webp|avif|jpe?g|png)$/, '');
  const sizes = `(min-width: 1024px) 33vw, (min-width: 640px) 50vw, ${thumbnailOnPhones ? '8rem' : '100vw'}`;
  return (
    <picture>
      <source type="image/avif" srcSet={`${base}-640.avif 640w, ${base}.avif ${image.width}w`} sizes={sizes} />
      <source type="image/webp" srcSet={`${base}-640.webp 640w, ${base}.webp ${image.width}w`} sizes={sizes} />
      <img
        src={image.src}
        alt={alt}
        width={image.width}
        height={image.height}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding="async"
        className={`${frame} w-full object-cover`}
      />
    </picture>
  );
}

/**
 * The HTML holds the drawing in a <noscript>: with scripts on it is fetched
 * once React has taken over the page, which starts after the first paint;
 * with scripts off the browser shows it from there. Its frame is the
 * caller's: nothing moves when it comes.
 */
function DrawingAfterFirstPaint({ kind }: { kind: DrawingKind }) {
  const hydrated = useHydrated();
  const drawing = <img src={drawingUrl(kind)} alt="" loading="lazy" decoding="async" className="size-full object-cover" />;
  return hydrated ? drawing : <noscript>{drawing}</noscript>;
}
