import { useParams } from 'react-router';
import { catalogueText } from '../catalogue/catalogue-text';
import { findFarmPartCategory } from '../catalogue/farm-parts';
import { sparePartSectionPath } from '../catalogue/paths';
import { categoryItemOrder, type Category } from '../catalogue/types';
import { OrderButton, UnavailableLabel } from '../features/catalogue/actions';
import { CardGrid, CatalogueCard } from '../features/catalogue/CatalogueCard';
import { CatalogueNotFound } from '../features/catalogue/CatalogueNotFound';
import { CataloguePage } from '../features/catalogue/CataloguePage';
import { itemsDescription, pageText } from '../features/catalogue/page-text';
import { useSparePartOrderDialog } from '../features/catalogue/spare-part-orders';
import { useLocalize } from '../i18n/language';

const back = { to: sparePartSectionPath('ghiyar-3itad-zira3i'), label: pageText.back.farmParts };

/** /pieces-detachees/ghiyar-3itad-zira3i/{categoryId}: part families of one kind of farm equipment. */
export default function FarmPartsCategoryPage() {
  const { categoryId } = useParams();
  const category = findFarmPartCategory(categoryId);
  if (!category) return <CatalogueNotFound message={catalogueText.categoryNotFound} back={back} />;
  return <FarmPartsCategory key={category.id} category={category} />;
}

function FarmPartsCategory({ category }: { category: Category }) {
  const localize = useLocalize();
  const { open, dialog, banner } = useSparePartOrderDialog();
  const title = category.title ?? category.name;

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
              placeholder="part"
              priority={index === 0}
              detail={item.description && localize(item.description)}
            >
              {item.available ? (
                <OrderButton
                  label={localize(catalogueText.order)}
                  itemName={name}
                  onClick={() => open({ ...categoryItemOrder(category, item), title: localize(catalogueText.orderSpareParts) })}
                />
              ) : (
                <UnavailableLabel label={localize(catalogueText.unavailable)} />
              )}
            </CatalogueCard>
          );
        })}
      </CardGrid>
      {dialog}
    </CataloguePage>
  );
}
