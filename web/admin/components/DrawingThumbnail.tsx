import { drawingUrl, type DrawingKind } from '../../../shared/catalogue/drawings';

/**
 * An entry without a photo, as the site shows it: the drawing of its kind
 * (shared/catalogue/drawings.ts), with what it means written under it.
 */
export function DrawingThumbnail({ kind, label, className = 'size-20' }: { kind: DrawingKind; label: string; className?: string }) {
  return (
    <span className={`flex ${className} shrink-0 flex-col overflow-hidden rounded-lg border border-dashed border-line bg-brand-50`}>
      <img src={drawingUrl(kind)} alt="" className="min-h-0 w-full flex-1 object-cover" />
      <span className="truncate bg-white/80 px-1 text-center text-xs text-ink-muted">{label}</span>
    </span>
  );
}
