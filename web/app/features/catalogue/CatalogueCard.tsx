import { createContext, useContext, type ReactNode } from 'react';
import type { CatalogueImage } from '../../../../shared/catalogue/types';
import { useItemCardClass } from '../../components/item-anchor';
import type { DrawingKind } from '../../../../shared/catalogue/drawings';
import { ItemPicture } from '../../pictures/ItemPicture';

interface CatalogueCardProps {
  /** The item's id, its card's anchor (`/materiel-agricole/moussem-el-rach#pulverisateur-600l`, shared/catalogue/paths.ts `itemAddress`). */
  id?: string;
  name: string;
  image?: CatalogueImage;
  placeholder?: DrawingKind;
  /** A line under the name: a model count, a short description. */
  detail?: ReactNode;
  /** The card's action: an Order button, a link, or the "Unavailable" label. */
  children: ReactNode;
  /** The first cards of a page: their picture loads at once. */
  priority?: boolean;
}

/**
 * How a grid lays out its cards on a phone (below 640 px; from there on, both are cards in two or three columns):
 * - `list`: a compact row per card, picture at the start and the action under the name, so that
 *   a list to pick from (sections, brands, models) is seen whole in two screens at 360 × 640 (decision 24);
 * - `cards`: one full-width card per row, the picture large, for items chosen by how they look.
 */
export type CardLayout = 'list' | 'cards';

const CardLayoutContext = createContext<CardLayout>('cards');

/** One card of a catalogue grid: picture, name, detail, action at the bottom (beside the picture in a list on phones). */
export function CatalogueCard({ id, name, image, placeholder, detail, children, priority }: CatalogueCardProps) {
  const anchorClass = useItemCardClass(id ?? '');
  const list = useContext(CardLayoutContext) === 'list';
  return (
    <li
      id={id}
      className={`${id ? anchorClass : ''} flex overflow-hidden rounded-card border border-line bg-white shadow-sm ${
        list ? 'flex-row items-center gap-3 p-2 sm:flex-col sm:items-stretch sm:gap-0 sm:p-0' : 'flex-col'
      }`}
    >
      <div className={list ? 'w-32 shrink-0 overflow-hidden rounded-lg sm:w-full sm:rounded-none' : undefined}>
        <ItemPicture image={image} alt={name} placeholder={placeholder} priority={priority} thumbnailOnPhones={list} />
      </div>
      <div className={`flex min-w-0 flex-1 flex-col ${list ? 'gap-1 sm:gap-2 sm:p-4' : 'gap-2 p-4'}`}>
        <h2 className={`font-bold text-brand-900 ${list ? 'text-base sm:text-lg' : 'text-lg'}`}>{name}</h2>
        {detail && <div className={`text-ink-muted ${list ? 'text-sm sm:text-base' : ''}`}>{detail}</div>}
        {/* In a list on phones the action is 44 px high (the least for a tap) rather than 48: with the name, as high as the picture. */}
        <div className={`mt-auto ${list ? 'max-sm:*:min-h-11 sm:pt-2' : 'pt-2'}`}>{children}</div>
      </div>
    </li>
  );
}

/** The catalogue grid: on phones a compact list or one card per row (`layout`), two columns on tablets, three on desktops. */
export function CardGrid({ layout = 'list', children }: { layout?: CardLayout; children: ReactNode }) {
  return (
    <CardLayoutContext.Provider value={layout}>
      <ul className={`grid sm:grid-cols-2 sm:gap-6 lg:grid-cols-3 ${layout === 'list' ? 'gap-2' : 'gap-6'}`}>{children}</ul>
    </CardLayoutContext.Provider>
  );
}
