import { useParams } from 'react-router';
import { engineCategories, engineOrder } from '../../../shared/catalogue/engines';
import { sparePartSectionPath } from '../../../shared/catalogue/paths';
import { findById, findModel, joinNames, type EngineCategory, type Model } from '../../../shared/catalogue/types';
import { useCatalogueList } from '../../shared/content/content';
import { OrderButton } from '../forms/OrderButton';
import { useCatalogueText, useCataloguePageText } from '../features/catalogue/catalogue-content';
import { CardGrid, CatalogueCard } from '../features/catalogue/CatalogueCard';
import { CatalogueNotFound } from '../features/catalogue/CatalogueNotFound';
import { CataloguePage } from '../features/catalogue/CataloguePage';
import { useOrderInAddress } from '../features/catalogue/order-in-address';
import { itemsDescription } from '../features/catalogue/page-titles';
import { useSparePartOrderDialog } from '../features/catalogue/spare-part-orders';
import { useLocalize } from '../../shared/i18n/language';

function useBack() {
  return { to: sparePartSectionPath('agricultural-engines'), label: useCataloguePageText().back.engines };
}

/** /pieces-detachees/agricultural-engines/{categoryId}: one engine family's models, each with its Order button. */
export default function EngineCategoryPage() {
  const { categoryId } = useParams();
  const category = findById(useCatalogueList('engineCategories', engineCategories), categoryId);
  const text = useCatalogueText();
  const back = useBack();
  if (!category) return <CatalogueNotFound message={text.categoryNotFound} back={back} />;
  return <EngineModels key={category.id} category={category} />;
}

function EngineModels({ category }: { category: EngineCategory }) {
  const localize = useLocalize();
  const text = useCatalogueText();
  const back = useBack();
  const { open, dialog, banner } = useSparePartOrderDialog();
  const openModel = (model: Model) => open({ ...engineOrder(category, model), title: localize(joinNames(category.name, model.name)) });
  useOrderInAddress((modelId) => {
    const model = findModel(category, modelId);
    if (model) openModel(model);
  });

  return (
    <CataloguePage title={category.title} description={itemsDescription(category.title)} back={back} banner={banner}>
      <CardGrid>
        {category.models.map((model, index) => {
          const name = localize(joinNames(category.name, model.name));
          return (
            <CatalogueCard
              key={model.id}
              id={model.id}
              name={localize(model.name)}
              image={model.image ?? category.image}
              placeholder="engine"
              priority={index === 0}
            >
              <OrderButton label={localize(text.order)} itemName={name} onClick={() => openModel(model)} />
            </CatalogueCard>
          );
        })}
      </CardGrid>
      {dialog}
    </CataloguePage>
  );
}
