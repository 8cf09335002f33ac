import { useParams } from 'react-router';
import { sparePartSectionPath } from '../../../shared/catalogue/paths';
import { truckBrands, truckOrder } from '../../../shared/catalogue/trucks';
import { findById } from '../../../shared/catalogue/types';
import { useCatalogueList } from '../../shared/content/content';
import { BrandModelOrders } from '../features/catalogue/BrandModelOrders';
import { useCatalogueText, useCataloguePageText } from '../features/catalogue/catalogue-content';
import { CatalogueNotFound } from '../features/catalogue/CatalogueNotFound';
import { sparePartsFor } from '../features/catalogue/page-titles';
import { useBrandPageView } from '../features/catalogue/spare-part-orders';

/** /pieces-detachees/trucks/{brandId}: a truck brand's models, each with its Order button. */
export default function TruckBrandPage() {
  const { brandId } = useParams();
  const brand = findById(useCatalogueList('truckBrands', truckBrands), brandId);
  const text = useCatalogueText();
  const back = { to: sparePartSectionPath('trucks'), label: useCataloguePageText().back.trucks };
  useBrandPageView(brand?.id);
  if (!brand) return <CatalogueNotFound message={text.brandNotFound} back={back} />;
  return (
    <BrandModelOrders
      key={brand.id}
      brand={brand}
      title={sparePartsFor(brand.name)}
      back={back}
      emptyText={text.noPartsAvailable}
      placeholder="truck"
      order={truckOrder}
    />
  );
}
