import { preloadOrderForm } from './LazyOrderForm';

const solid = 'flex min-h-12 w-full items-center justify-center rounded-lg bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800';
const outline =
  'flex min-h-12 w-full items-center justify-center rounded-lg border-2 border-brand-700 px-4 font-semibold text-brand-800 hover:bg-brand-50';

// Fetch the form code as soon as the visitor shows intent, so the modal opens ready.
const prefetch = () => void preloadOrderForm().catch(() => undefined);

/** An Order button; `label` is visible, `itemName` completes it for screen readers. */
export function OrderButton({ label, itemName, onClick, variant = 'solid' }: { label: string; itemName?: string; onClick(): void; variant?: 'solid' | 'outline' }) {
  return (
    <button type="button" onClick={onClick} onPointerEnter={prefetch} onFocus={prefetch} className={variant === 'solid' ? solid : outline}>
      {label}
      {itemName && <span className="sr-only"> {itemName}</span>}
    </button>
  );
}

/** Shown instead of an Order button for an item that cannot be ordered now. */
export function UnavailableLabel({ label }: { label: string }) {
  return <p className="rounded-lg bg-surface p-3 text-center font-medium text-ink-muted">{label}</p>;
}

/** The outline look of a secondary action (a link back to a list). */
export const outlineAction = outline;
