import { useParams } from 'react-router';
import { customModelId, sparePartSectionPath, wheeledModelPath } from '../../../shared/catalogue/paths';
import { findById, joinNames, type Brand } from '../../../shared/catalogue/types';
import { wheeledTractorBrands } from '../../../shared/catalogue/wheeled-tractors';
import { useCatalogueList } from '../../shared/content/content';
import { useCatalogueText, useCataloguePageText } from '../features/catalogue/catalogue-content';
import { CardGrid, CatalogueCard } from '../features/catalogue/CatalogueCard';
import { CatalogueNotFound } from '../features/catalogue/CatalogueNotFound';
import { CataloguePage } from '../features/catalogue/CataloguePage';
import { ViewLink } from '../features/catalogue/links';
import { modelsDescription, sparePartsFor } from '../features/catalogue/page-titles';
import { useBrandPageView } from '../features/catalogue/spare-part-orders';
import { useLocalize } from '../../shared/i18n/language';

function useBack() {
  return { to: sparePartSectionPath('wheeled-tractors'), label: useCataloguePageText().back.wheeledTractors };
}

/** /pieces-detachees/{brandId}: a wheeled-tractor brand's models, each leading to its order page. */
export default function WheeledBrandPage() {
  const { brandId } = useParams();
  const brand = findById(useCatalogueList('wheeledTractorBrands', wheeledTractorBrands), brandId);
  const text = useCatalogueText();
  const back = useBack();
  useBrandPageView(brand?.id);
  if (!brand) return <CatalogueNotFound message={text.brandNotFound} back={back} />;
  return <WheeledBrand brand={brand} />;
}

function WheeledBrand({ brand }: { brand: Brand }) {
  const localize = useLocalize();
  const text = useCatalogueText();
  const back = useBack();
  const title = sparePartsFor(brand.name);
  const order = localize(text.order);

  return (
    <CataloguePage title={title} description={modelsDescription(title)} back={back}>
      <CardGrid>
        {brand.models.map((model, index) => (
          <CatalogueCard
            key={model.id}
            name={localize(model.name)}
            image={model.image ?? brand.image}
            placeholder="wheeled-tractor"
            priority={index === 0}
          >
            <ViewLink to={wheeledModelPath(brand.id, model.id)} label={order} itemName={localize(joinNames(brand.name, model.name))} />
          </CatalogueCard>
        ))}
        {/* A model the list lacks (or a brand without a list): one card orders for the brand itself. */}
        <CatalogueCard name={localize(text.otherModel)} image={brand.image} placeholder="wheeled-tractor" priority={brand.models.length === 0}>
          <ViewLink
            to={wheeledModelPath(brand.id, customModelId)}
            label={order}
            itemName={`${localize(brand.name)} (${localize(text.otherModel)})`}
          />
        </CatalogueCard>
      </CardGrid>
    </CataloguePage>
  );
}
