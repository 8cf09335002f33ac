import { useParams } from 'react-router';
import { catalogueText } from '../catalogue/catalogue-text';
import { findEquipmentCategory } from '../catalogue/equipment';
import { equipmentHubPath } from '../catalogue/paths';
import type { Category } from '../catalogue/types';
import { CatalogueNotFound } from '../features/catalogue/CatalogueNotFound';
import { CataloguePage } from '../features/catalogue/CataloguePage';
import { CategoryItems } from '../features/catalogue/CategoryItems';
import { itemsDescription, pageText } from '../features/catalogue/page-text';
import { useOrderDialog } from '../features/catalogue/useOrderDialog';

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
  const { open, dialog, banner } = useOrderDialog();
  const title = category.title ?? category.name;

  return (
    <CataloguePage title={title} description={itemsDescription(title)} back={back} banner={banner}>
      <CategoryItems category={category} open={open} otherLabel={catalogueText.orderOtherEquipment} />
      {dialog}
    </CataloguePage>
  );
}
