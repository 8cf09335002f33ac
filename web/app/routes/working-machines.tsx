import { catalogueText } from '../catalogue/catalogue-text';
import { sparePartsHubPath } from '../catalogue/paths';
import { workingMachines } from '../catalogue/working-machines';
import { CataloguePage } from '../features/catalogue/CataloguePage';
import { CategoryItems } from '../features/catalogue/CategoryItems';
import { pageText } from '../features/catalogue/page-text';
import { useSparePartOrderDialog } from '../features/catalogue/spare-part-orders';

/** /pieces-detachees/working-machines: three machines, and any other machine. */
export default function WorkingMachinesPage() {
  const { open, dialog, banner } = useSparePartOrderDialog();

  return (
    <CataloguePage
      title={workingMachines.title ?? workingMachines.name}
      description={pageText.description.workingMachines}
      back={{ to: sparePartsHubPath, label: pageText.back.spareParts }}
      banner={banner}
    >
      <CategoryItems
        category={workingMachines}
        open={open}
        placeholder="part"
        otherLabel={catalogueText.orderPartsAnotherMachine}
      />
      {dialog}
    </CataloguePage>
  );
}
