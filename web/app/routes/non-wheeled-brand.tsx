import { useParams } from 'react-router';
import { catalogueText } from '../catalogue/catalogue-text';
import { findNonWheeledBrand, nonWheeledTractorOrder } from '../catalogue/non-wheeled-tractors';
import { sparePartSectionPath } from '../catalogue/paths';
import type { Brand } from '../catalogue/types';
import { OrderButton } from '../features/catalogue/actions';
import { CardGrid, CatalogueCard } from '../features/catalogue/CatalogueCard';
import { CatalogueNotFound } from '../features/catalogue/CatalogueNotFound';
import { CataloguePage } from '../features/catalogue/CataloguePage';
import { EmptyMessage } from '../features/catalogue/links';
import { joinNames, modelsDescription, pageText, nonWheeledPartsFor } from '../features/catalogue/page-text';
import { useBrandPageView, useSparePartOrderDialog } from '../features/catalogue/spare-part-orders';
import { useLocalize } from '../i18n/language';

const back = { to: sparePartSectionPath('tracteurs-sans-roues'), label: pageText.back.nonWheeledTractors };

/** /pieces-detachees/tracteurs-sans-roues/{brandId}: a non-wheeled brand's models, each with its Order button. */
export default function NonWheeledBrandPage() {
  const { brandId } = useParams();
  const brand = findNonWheeledBrand(brandId);
  useBrandPageView(brand?.id);
  if (!brand) return <CatalogueNotFound message={catalogueText.brandNotFound} back={back} />;
  return <NonWheeledBrand key={brand.id} brand={brand} />;
}

function NonWheeledBrand({ brand }: { brand: Brand }) {
  const localize = useLocalize();
  const { open, dialog, banner } = useSparePartOrderDialog();
  const title = nonWheeledPartsFor(brand.name);

  return (
    <CataloguePage title={title} description={modelsDescription(title)} back={back} banner={banner}>
      {brand.models.length === 0 ? (
        <EmptyMessage text={localize(catalogueText.noProductAvailable)} />
      ) : (
        <CardGrid>
          {brand.models.map((model, index) => {
            const name = localize(joinNames(brand.name, model.name));
            return (
              <CatalogueCard
                key={model.id}
                name={localize(model.name)}
                image={model.image ?? brand.image}
                placeholder="tractor"
                priority={index === 0}
              >
                <OrderButton
                  label={localize(catalogueText.order)}
                  itemName={name}
                  onClick={() => open({ ...nonWheeledTractorOrder(brand, model), title: name })}
                />
              </CatalogueCard>
            );
          })}
        </CardGrid>
      )}
      {dialog}
    </CataloguePage>
  );
}
