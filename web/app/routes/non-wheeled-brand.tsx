import { useParams } from 'react-router';
import { catalogueText } from '../catalogue/catalogue-text';
import { findNonWheeledBrand, nonWheeledTractorOrder } from '../catalogue/non-wheeled-tractors';
import { sparePartSectionPath } from '../catalogue/paths';
import { BrandModelOrders } from '../features/catalogue/BrandModelOrders';
import { CatalogueNotFound } from '../features/catalogue/CatalogueNotFound';
import { nonWheeledPartsFor, pageText } from '../features/catalogue/page-text';
import { useBrandPageView } from '../features/catalogue/spare-part-orders';

const back = { to: sparePartSectionPath('tracteurs-sans-roues'), label: pageText.back.nonWheeledTractors };

/** /pieces-detachees/tracteurs-sans-roues/{brandId}: a non-wheeled brand's models, each with its Order button. */
export default function NonWheeledBrandPage() {
  const { brandId } = useParams();
  const brand = findNonWheeledBrand(brandId);
  useBrandPageView(brand?.id);
  if (!brand) return <CatalogueNotFound message={catalogueText.brandNotFound} back={back} />;
  return (
    <BrandModelOrders
      key={brand.id}
      brand={brand}
      title={nonWheeledPartsFor(brand.name)}
      back={back}
      emptyText={catalogueText.noProductAvailable}
      placeholder="tractor"
      order={nonWheeledTractorOrder}
    />
  );
}
