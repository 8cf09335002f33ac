import { OrderButton } from '../../forms/OrderButton';
import { CardLink } from './actions';

/** A card's link to its page; the item's name completes the visible label for screen readers. */
export function ViewLink({ to, label, itemName }: { to: string; label: string; itemName: string }) {
  return (
    <CardLink to={to}>
      {label}
      <span className="sr-only"> {itemName}</span>
    </CardLink>
  );
}

/** The "order for something not listed" button under a grid. */
export function OtherOrderButton({ label, onClick }: { label: string; onClick(): void }) {
  return (
    <div className="mx-auto mt-8 max-w-md">
      <OrderButton label={label} onClick={onClick} variant="outline" />
    </div>
  );
}

/** A short message in place of a grid ("No parts currently available"). */
export function EmptyMessage({ text }: { text: string }) {
  return <p className="mx-auto max-w-md rounded-card border border-line bg-white p-6 text-center font-medium text-ink-muted">{text}</p>;
}
