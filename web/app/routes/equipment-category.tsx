import { drawingOf } from '../../../shared/catalogue/drawings';
import { useParams } from 'react-router';
import { equipmentCategories } from '../../../shared/catalogue/equipment';
import { equipmentHubPath } from '../../../shared/catalogue/paths';
import { findById, type Category } from '../../../shared/catalogue/types';
import { useCatalogueList } from '../../shared/content/content';
import { useCatalogueText, useCataloguePageText } from '../features/catalogue/catalogue-content';
import { CatalogueNotFound } from '../features/catalogue/CatalogueNotFound';
import { CataloguePage } from '../features/catalogue/CataloguePage';
import { CategoryItems } from '../features/catalogue/CategoryItems';
import { itemsDescription } from '../features/catalogue/page-titles';
import { useOrderDialog } from '../features/catalogue/useOrderDialog';

function useBack() {
  return { to: equipmentHubPath, label: useCataloguePageText().back.equipment };
}

/** /materiel-agricole/{categoryId}: the implements of one season, each ordered through the category's form. */
export default function EquipmentCategoryPage() {
  const { categoryId } = useParams();
  const category = findById(useCatalogueList('equipmentCategories', equipmentCategories), categoryId);
  const text = useCatalogueText();
  const back = useBack();
  if (!category) return <CatalogueNotFound message={text.categoryNotFound} back={back} />;
  // A new category is a new page: no banner or open modal carried over.
  return <EquipmentCategory key={category.id} category={category} />;
}

function EquipmentCategory({ category }: { category: Category }) {
  const text = useCatalogueText();
  const back = useBack();
  const { open, dialog, banner } = useOrderDialog();
  const title = category.title ?? category.name;

  return (
    <CataloguePage title={title} description={itemsDescription(title)} back={back} banner={banner}>
      <CategoryItems category={category} open={open} placeholder={drawingOf('equipmentCategories', category.id)} otherLabel={text.orderOtherEquipment} />
      {dialog}
    </CataloguePage>
  );
}
