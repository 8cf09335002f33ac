import type { ReactNode } from 'react';
import type { CatalogueImage } from '../../../../shared/catalogue/types';
import { useItemCardClass } from '../../components/item-anchor';
import { ItemPicture, type PlaceholderKind } from '../../pictures/ItemPicture';

interface CatalogueCardProps {
  /** The item's id, its card's anchor (`/materiel-agricole/moussem-el-rach#pulverisateur-600l`, shared/catalogue/paths.ts `itemAddress`). */
  id?: string;
  name: string;
  image?: CatalogueImage;
  placeholder?: PlaceholderKind;
  /** A line under the name: a model count, a short description. */
  detail?: ReactNode;
  /** The card's action: an Order button, a link, or the "Unavailable" label. */
  children: ReactNode;
  /** The first cards of a page: their picture loads at once. */
  priority?: boolean;
}

/** One card of a catalogue grid: picture, name, detail, action at the bottom. */
export function CatalogueCard({ id, name, image, placeholder, detail, children, priority }: CatalogueCardProps) {
  const anchorClass = useItemCardClass(id ?? '');
  return (
    <li id={id} className={`${id ? anchorClass : ''} flex flex-col overflow-hidden rounded-card border border-line bg-white shadow-sm`}>
      <ItemPicture image={image} alt={name} placeholder={placeholder} priority={priority} />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h2 className="text-lg font-bold text-brand-900">{name}</h2>
        {detail && <div className="text-ink-muted">{detail}</div>}
        <div className="mt-auto pt-2">{children}</div>
      </div>
    </li>
  );
}

/** The catalogue grid: one column on phones, two on tablets, three on desktops. */
export function CardGrid({ children }: { children: ReactNode }) {
  return <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">{children}</ul>;
}
