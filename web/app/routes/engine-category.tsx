import { useParams } from 'react-router';
import { catalogueText } from '../catalogue/catalogue-text';
import { engineOrder, findEngineCategory } from '../catalogue/engines';
import { sparePartSectionPath } from '../catalogue/paths';
import type { EngineCategory } from '../catalogue/types';
import { OrderButton } from '../features/catalogue/actions';
import { CardGrid, CatalogueCard } from '../features/catalogue/CatalogueCard';
import { CatalogueNotFound } from '../features/catalogue/CatalogueNotFound';
import { CataloguePage } from '../features/catalogue/CataloguePage';
import { itemsDescription, joinNames, pageText } from '../features/catalogue/page-text';
import { useSparePartOrderDialog } from '../features/catalogue/spare-part-orders';
import { useLocalize } from '../i18n/language';

const back = { to: sparePartSectionPath('agricultural-engines'), label: pageText.back.engines };

/** /pieces-detachees/agricultural-engines/{categoryId}: one engine family's models, each with its Order button. */
export default function EngineCategoryPage() {
  const { categoryId } = useParams();
  const category = findEngineCategory(categoryId);
  if (!category) return <CatalogueNotFound message={catalogueText.categoryNotFound} back={back} />;
  return <EngineModels key={category.id} category={category} />;
}

function EngineModels({ category }: { category: EngineCategory }) {
  const localize = useLocalize();
  const { open, dialog, banner } = useSparePartOrderDialog();

  return (
    <CataloguePage title={category.title} description={itemsDescription(category.title)} back={back} banner={banner}>
      <CardGrid>
        {category.models.map((model, index) => {
          const name = localize(joinNames(category.name, model.name));
          return (
            <CatalogueCard
              key={model.id}
              name={localize(model.name)}
              image={model.image ?? category.image}
              placeholder="part"
              priority={index === 0}
            >
              <OrderButton
                label={localize(catalogueText.order)}
                itemName={name}
                onClick={() => open({ ...engineOrder(category, model), title: name })}
              />
            </CatalogueCard>
          );
        })}
      </CardGrid>
      {dialog}
    </CataloguePage>
  );
}
