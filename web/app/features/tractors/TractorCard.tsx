import { useId, useState } from 'react';
import type { Tractor } from '../../../../shared/catalogue/types';
import { useLanguage, useLocalize } from '../../../shared/i18n/language';
import { useSiteText } from '../../../shared/content/content';
import { formatPriceDzd } from '../../../shared/lib/format';
import { OrderButton, UnavailableLabel } from '../../forms/OrderButton';
import { useItemCardClass } from '../../components/item-anchor';
import { ItemPicture } from '../../pictures/ItemPicture';

interface TractorCardProps {
  tractor: Tractor;
  /** The first card: its picture loads at once. */
  priority?: boolean;
  onOrder(tractor: Tractor): void;
}

export function TractorCard({ tractor, priority = false, onOrder }: TractorCardProps) {
  const siteText = useSiteText();
  const language = useLanguage();
  const localize = useLocalize();
  const [expanded, setExpanded] = useState(false);
  const descriptionId = useId();
  const anchorClass = useItemCardClass(tractor.id);
  const name = localize(tractor.name);

  return (
    <li id={tractor.id} className={`${anchorClass} flex flex-col overflow-hidden rounded-card border border-line bg-white shadow-sm`}>
      <ItemPicture image={tractor.image} alt={name} placeholder="wheeled-tractor" priority={priority} />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <h2 className="text-lg font-bold text-brand-900">{name}</h2>
        <p className="text-xl font-bold text-ink" dir="auto">
          {formatPriceDzd(tractor.priceDzd, language)}
        </p>
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={descriptionId}
          onClick={() => setExpanded((open) => !open)}
          className="-mx-2 flex min-h-12 items-center gap-2 rounded-lg px-2 text-start font-medium text-brand-800 hover:bg-brand-50"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className={`size-5 transition-transform ${expanded ? 'rotate-180' : ''}`} fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M6 9l6 6 6-6" />
          </svg>
          {localize(expanded ? siteText.tractors.hideDetails : siteText.tractors.showDetails)}
        </button>
        <p id={descriptionId} hidden={!expanded} className="text-ink-muted">
          {localize(tractor.description)}
        </p>
        <div className="mt-auto">
          {tractor.available ? (
            <OrderButton label={localize(siteText.tractors.order)} itemName={name} onClick={() => onOrder(tractor)} />
          ) : (
            <UnavailableLabel label={localize(tractor.availabilityStatus)} />
          )}
        </div>
      </div>
    </li>
  );
}
