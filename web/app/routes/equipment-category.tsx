import { useParams } from 'react-router';
import { catalogueText } from '../catalogue/catalogue-text';
import { findEquipmentCategory } from '../catalogue/equipment';
import { equipmentHubPath } from '../catalogue/paths';
import { categoryItemOrder, categoryOtherOrder, type Category } from '../catalogue/types';
import { OrderButton, UnavailableLabel } from '../features/catalogue/actions';
import { CardGrid, CatalogueCard } from '../features/catalogue/CatalogueCard';
import { CatalogueNotFound } from '../features/catalogue/CatalogueNotFound';
import { CataloguePage } from '../features/catalogue/CataloguePage';
import { OtherOrderButton } from '../features/catalogue/links';
import { itemsDescription, pageText } from '../features/catalogue/page-text';
import { useOrderDialog } from '../features/catalogue/useOrderDialog';
import { useLocalize } from '../i18n/language';

const back = { to: equipmentHubPath, label: pageText.back.equipment };

/** /materiel-agricole/{categoryId}: the implements of one season, each ordered through the category's form. */
export default function EquipmentCategoryPage() {
  const { categoryId } = useParams();
  const category = findEquipmentCategory(categoryId);
  if (!category) return <CatalogueNotFound message={catalogueText.categoryNotFound} back={back} />;
  // A new category is a new page: no banner or open modal carried over.
  return <EquipmentCategory key={category.id} category={category} />;
}

function EquipmentCategory({ category }: { category: Category }) {
  const localize = useLocalize();
  const { open, dialog, banner } = useOrderDialog();
  const title = category.title ?? category.name;
  const other = categoryOtherOrder(category);

  return (
    <CataloguePage title={title} description={itemsDescription(title)} back={back} banner={banner}>
      <CardGrid>
        {category.items.map((item, index) => {
          const name = localize(item.name);
          return (
            <CatalogueCard
              key={item.id}
              name={name}
              image={item.image}
              detail={item.description && localize(item.description)}
              priority={index === 0}
            >
              {item.available ? (
                <OrderButton
                  label={localize(catalogueText.order)}
                  itemName={name}
                  onClick={() => open({ ...categoryItemOrder(category, item), title: name })}
                />
              ) : (
                <UnavailableLabel label={localize(catalogueText.unavailable)} />
              )}
            </CatalogueCard>
          );
        })}
      </CardGrid>
      {other && (
        <OtherOrderButton
          label={localize(catalogueText.orderOtherEquipment)}
          onClick={() => open({ ...other, title: localize(catalogueText.orderOtherEquipment) })}
        />
      )}
      {dialog}
    </CataloguePage>
  );
}
