import type { DrawingKind } from '../../../../shared/catalogue/drawings';
import type { Localized } from '../../../../shared/languages';
import { categoryItemOrder, categoryOtherOrder, findById, type Category, type Item } from '../../../../shared/catalogue/types';
import { useLocalize } from '../../../shared/i18n/language';
import { OrderButton, UnavailableLabel } from '../../forms/OrderButton';
import { useCatalogueText } from './catalogue-content';
import { CardGrid, CatalogueCard } from './CatalogueCard';
import { OtherOrderButton } from './links';
import { useOrderInAddress } from './order-in-address';
import type { OrderRequest } from './useOrderDialog';

interface CategoryItemsProps {
  category: Category;
  /** Opens the page's order modal (from useOrderDialog or useSparePartOrderDialog). */
  open(request: OrderRequest): void;
  placeholder?: DrawingKind;
  /** The modal's title for an item; the item's name when absent. */
  modalTitle?: Localized;
  /** Label of the category's "order something else" button, when it has one. */
  otherLabel?: Localized;
}

/** A category's cards (Order, or Unavailable) and its "order something else" button. */
export function CategoryItems({ category, open, placeholder, modalTitle, otherLabel }: CategoryItemsProps) {
  const localize = useLocalize();
  const text = useCatalogueText();
  const other = categoryOtherOrder(category);
  const openItem = (item: Item) => open({ ...categoryItemOrder(category, item), title: modalTitle ? localize(modalTitle) : localize(item.name) });
  useOrderInAddress((itemId) => {
    const item = findById(category.items, itemId);
    if (item?.available) openItem(item);
  });
  return (
    <>
      {/* Items are chosen by their photo and description: full cards on phones too, as the spec's farm-equipment grids. */}
      <CardGrid layout="cards">
        {category.items.map((item, index) => {
          const name = localize(item.name);
          return (
            <CatalogueCard
              key={item.id}
              id={item.id}
              name={name}
              image={item.image}
              placeholder={placeholder}
              detail={item.description && localize(item.description)}
              priority={index === 0}
            >
              {item.available ? (
                <OrderButton
                  label={localize(text.order)}
                  itemName={name}
                  onClick={() => openItem(item)}
                />
              ) : (
                <UnavailableLabel label={localize(text.unavailable)} />
              )}
            </CatalogueCard>
          );
        })}
      </CardGrid>
      {other && otherLabel && (
        <OtherOrderButton label={localize(otherLabel)} onClick={() => open({ ...other, title: localize(otherLabel) })} />
      )}
    </>
  );
}
