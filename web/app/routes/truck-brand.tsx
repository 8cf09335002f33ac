import { useParams } from 'react-router';
import { catalogueText } from '../catalogue/catalogue-text';
import { sparePartSectionPath } from '../catalogue/paths';
import { findTruckBrand, truckOrder } from '../catalogue/trucks';
import type { Brand } from '../catalogue/types';
import { OrderButton } from '../features/catalogue/actions';
import { CardGrid, CatalogueCard } from '../features/catalogue/CatalogueCard';
import { CatalogueNotFound } from '../features/catalogue/CatalogueNotFound';
import { CataloguePage } from '../features/catalogue/CataloguePage';
import { EmptyMessage } from '../features/catalogue/links';
import { joinNames, modelsDescription, pageText, sparePartsFor } from '../features/catalogue/page-text';
import { useBrandPageView, useSparePartOrderDialog } from '../features/catalogue/spare-part-orders';
import { useLocalize } from '../i18n/language';

const back = { to: sparePartSectionPath('trucks'), label: pageText.back.trucks };

/** /pieces-detachees/trucks/{brandId}: a truck brand's models, each with its Order button. */
export default function TruckBrandPage() {
  const { brandId } = useParams();
  const brand = findTruckBrand(brandId);
  useBrandPageView(brand?.id);
  if (!brand) return <CatalogueNotFound message={catalogueText.brandNotFound} back={back} />;
  return <TruckBrand key={brand.id} brand={brand} />;
}

function TruckBrand({ brand }: { brand: Brand }) {
  const localize = useLocalize();
  const { open, dialog, banner } = useSparePartOrderDialog();
  const title = sparePartsFor(brand.name);

  return (
    <CataloguePage title={title} description={modelsDescription(title)} back={back} banner={banner}>
      {brand.models.length === 0 ? (
        <EmptyMessage text={localize(catalogueText.noPartsAvailable)} />
      ) : (
        <CardGrid>
          {brand.models.map((model, index) => {
            const name = localize(joinNames(brand.name, model.name));
            return (
              <CatalogueCard
                key={model.id}
                name={localize(model.name)}
                image={model.image ?? brand.image}
                placeholder="part"
                priority={index === 0}
              >
                <OrderButton
                  label={localize(catalogueText.order)}
                  itemName={name}
                  onClick={() => open({ ...truckOrder(brand, model), title: name })}
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
