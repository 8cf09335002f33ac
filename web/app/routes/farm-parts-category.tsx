import { useParams } from 'react-router';
import { catalogueText } from '../catalogue/catalogue-text';
import { findFarmPartCategory } from '../catalogue/farm-parts';
import { sparePartSectionPath } from '../catalogue/paths';
import type { Category } from '../catalogue/types';
import { CatalogueNotFound } from '../features/catalogue/CatalogueNotFound';
import { CataloguePage } from '../features/catalogue/CataloguePage';
import { CategoryItems } from '../features/catalogue/CategoryItems';
import { itemsDescription, pageText } from '../features/catalogue/page-text';
import { useSparePartOrderDialog } from '../features/catalogue/spare-part-orders';

const back = { to: sparePartSectionPath('ghiyar-3itad-zira3i'), label: pageText.back.farmParts };

/** /pieces-detachees/ghiyar-3itad-zira3i/{categoryId}: part families of one kind of farm equipment. */
export default function FarmPartsCategoryPage() {
  const { categoryId } = useParams();
  const category = findFarmPartCategory(categoryId);
  if (!category) return <CatalogueNotFound message={catalogueText.categoryNotFound} back={back} />;
  return <FarmPartsCategory key={category.id} category={category} />;
}

function FarmPartsCategory({ category }: { category: Category }) {
  const { open, dialog, banner } = useSparePartOrderDialog();
  const title = category.title ?? category.name;

  return (
    <CataloguePage title={title} description={itemsDescription(title)} back={back} banner={banner}>
      <CategoryItems category={category} open={open} placeholder="part" modalTitle={catalogueText.orderSpareParts} />
      {dialog}
    </CataloguePage>
  );
}
