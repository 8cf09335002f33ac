import { drawingOf } from '../../../shared/catalogue/drawings';
import { useParams } from 'react-router';
import { farmPartCategories } from '../../../shared/catalogue/farm-parts';
import { sparePartSectionPath } from '../../../shared/catalogue/paths';
import { findById, type Category } from '../../../shared/catalogue/types';
import { useCatalogueList } from '../../shared/content/content';
import { useCatalogueText, useCataloguePageText } from '../features/catalogue/catalogue-content';
import { CatalogueNotFound } from '../features/catalogue/CatalogueNotFound';
import { CataloguePage } from '../features/catalogue/CataloguePage';
import { CategoryItems } from '../features/catalogue/CategoryItems';
import { itemsDescription } from '../features/catalogue/page-titles';
import { useSparePartOrderDialog } from '../features/catalogue/spare-part-orders';

function useBack() {
  return { to: sparePartSectionPath('ghiyar-3itad-zira3i'), label: useCataloguePageText().back.farmParts };
}

/** /pieces-detachees/ghiyar-3itad-zira3i/{categoryId}: part families of one kind of farm equipment. */
export default function FarmPartsCategoryPage() {
  const { categoryId } = useParams();
  const category = findById(useCatalogueList('farmPartCategories', farmPartCategories), categoryId);
  const text = useCatalogueText();
  const back = useBack();
  if (!category) return <CatalogueNotFound message={text.categoryNotFound} back={back} />;
  return <FarmPartsCategory key={category.id} category={category} />;
}

function FarmPartsCategory({ category }: { category: Category }) {
  const text = useCatalogueText();
  const back = useBack();
  const { open, dialog, banner } = useSparePartOrderDialog();
  const title = category.title ?? category.name;

  return (
    <CataloguePage title={title} description={itemsDescription(title)} back={back} banner={banner}>
      <CategoryItems category={category} open={open} placeholder={drawingOf('farmPartCategories', category.id)} modalTitle={text.orderSpareParts} />
      {dialog}
    </CataloguePage>
  );
}
