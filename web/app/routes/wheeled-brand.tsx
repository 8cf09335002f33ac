import { useParams } from 'react-router';
import { catalogueText } from '../catalogue/catalogue-text';
import { sparePartSectionPath, wheeledModelPath } from '../catalogue/paths';
import { customModelId, type Brand } from '../catalogue/types';
import { findWheeledBrand } from '../catalogue/wheeled-tractors';
import { CardGrid, CatalogueCard } from '../features/catalogue/CatalogueCard';
import { CatalogueNotFound } from '../features/catalogue/CatalogueNotFound';
import { CataloguePage } from '../features/catalogue/CataloguePage';
import { ViewLink } from '../features/catalogue/links';
import { joinNames, modelsDescription, pageText, sparePartsFor } from '../features/catalogue/page-text';
import { useBrandPageView } from '../features/catalogue/spare-part-orders';
import { useLocalize } from '../i18n/language';

const back = { to: sparePartSectionPath('wheeled-tractors'), label: pageText.back.wheeledTractors };

/** /pieces-detachees/{brandId}: a wheeled-tractor brand's models, each leading to its order page. */
export default function WheeledBrandPage() {
  const { brandId } = useParams();
  const brand = findWheeledBrand(brandId);
  useBrandPageView(brand?.id);
  if (!brand) return <CatalogueNotFound message={catalogueText.brandNotFound} back={back} />;
  return <WheeledBrand brand={brand} />;
}

function WheeledBrand({ brand }: { brand: Brand }) {
  const localize = useLocalize();
  const title = sparePartsFor(brand.name);
  const order = localize(catalogueText.order);

  return (
    <CataloguePage title={title} description={modelsDescription(title)} back={back}>
      <CardGrid>
        {brand.models.length > 0 ? (
          brand.models.map((model, index) => (
            <CatalogueCard
              key={model.id}
              name={localize(model.name)}
              image={model.image ?? brand.image}
              placeholder="tractor"
              priority={index === 0}
            >
              <ViewLink to={wheeledModelPath(brand.id, model.id)} label={order} itemName={localize(joinNames(brand.name, model.name))} />
            </CatalogueCard>
          ))
        ) : (
          // No model list: one card orders for the brand itself.
          <CatalogueCard name={localize(catalogueText.otherModel)} image={brand.image} placeholder="tractor" priority>
            <ViewLink
              to={wheeledModelPath(brand.id, customModelId)}
              label={order}
              itemName={`${localize(brand.name)} (${localize(catalogueText.otherModel)})`}
            />
          </CatalogueCard>
        )}
      </CardGrid>
    </CataloguePage>
  );
}
