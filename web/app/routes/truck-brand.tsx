import { useParams } from 'react-router';
import { catalogueText } from '../catalogue/catalogue-text';
import { sparePartSectionPath } from '../catalogue/paths';
import { findTruckBrand, truckOrder } from '../catalogue/trucks';
import { BrandModelOrders } from '../features/catalogue/BrandModelOrders';
import { CatalogueNotFound } from '../features/catalogue/CatalogueNotFound';
import { pageText, sparePartsFor } from '../features/catalogue/page-text';
import { useBrandPageView } from '../features/catalogue/spare-part-orders';

const back = { to: sparePartSectionPath('trucks'), label: pageText.back.trucks };

/** /pieces-detachees/trucks/{brandId}: a truck brand's models, each with its Order button. */
export default function TruckBrandPage() {
  const { brandId } = useParams();
  const brand = findTruckBrand(brandId);
  useBrandPageView(brand?.id);
  if (!brand) return <CatalogueNotFound message={catalogueText.brandNotFound} back={back} />;
  return (
    <BrandModelOrders
      key={brand.id}
      brand={brand}
      title={sparePartsFor(brand.name)}
      back={back}
      emptyText={catalogueText.noPartsAvailable}
      placeholder="part"
      order={truckOrder}
    />
  );
}
