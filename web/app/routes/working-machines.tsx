import { catalogueText } from '../catalogue/catalogue-text';
import { sparePartsHubPath } from '../catalogue/paths';
import { categoryItemOrder, categoryOtherOrder } from '../catalogue/types';
import { workingMachines } from '../catalogue/working-machines';
import { OrderButton, UnavailableLabel } from '../features/catalogue/actions';
import { CardGrid, CatalogueCard } from '../features/catalogue/CatalogueCard';
import { CataloguePage } from '../features/catalogue/CataloguePage';
import { OtherOrderButton } from '../features/catalogue/links';
import { pageText } from '../features/catalogue/page-text';
import { useSparePartOrderDialog } from '../features/catalogue/spare-part-orders';
import { useLocalize } from '../i18n/language';

/** /pieces-detachees/working-machines: three machines, and any other machine. */
export default function WorkingMachinesPage() {
  const localize = useLocalize();
  const { open, dialog, banner } = useSparePartOrderDialog();
  const other = categoryOtherOrder(workingMachines);

  return (
    <CataloguePage
      title={workingMachines.title ?? workingMachines.name}
      description={pageText.description.workingMachines}
      back={{ to: sparePartsHubPath, label: pageText.back.spareParts }}
      banner={banner}
    >
      <CardGrid>
        {workingMachines.items.map((item, index) => {
          const name = localize(item.name);
          return (
            <CatalogueCard key={item.id} name={name} image={item.image} placeholder="part" priority={index === 0}>
              {item.available ? (
                <OrderButton
                  label={localize(catalogueText.order)}
                  itemName={name}
                  onClick={() => open({ ...categoryItemOrder(workingMachines, item), title: name })}
                />
              ) : (
                <UnavailableLabel label={localize(catalogueText.unavailable)} />
              )}
            </CatalogueCard>
          );
        })}
      </CardGrid>
      {other && (
        <OtherOrderButton
          label={localize(catalogueText.orderPartsAnotherMachine)}
          onClick={() => open({ ...other, title: localize(catalogueText.orderPartsAnotherMachine) })}
        />
      )}
      {dialog}
    </CataloguePage>
  );
}
