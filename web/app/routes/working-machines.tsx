import { sparePartsHubPath } from '../../../shared/catalogue/paths';
import { workingMachines } from '../../../shared/catalogue/working-machines';
import { useCatalogueList } from '../../shared/content/content';
import { useCatalogueText, useCataloguePageText, useSectionName } from '../features/catalogue/catalogue-content';
import { CataloguePage } from '../features/catalogue/CataloguePage';
import { CategoryItems } from '../features/catalogue/CategoryItems';
import { useSparePartOrderDialog } from '../features/catalogue/spare-part-orders';

/** /pieces-detachees/working-machines: three machines, and any other machine. */
export default function WorkingMachinesPage() {
  const text = useCatalogueText();
  const pageText = useCataloguePageText();
  const [category = workingMachines] = useCatalogueList('workingMachines', [workingMachines]);
  const { open, dialog, banner } = useSparePartOrderDialog();
  // Titled like the hub's card that opens it, as the other sections are, unless staff gave the page a title of its own.
  const sectionName = useSectionName('working-machines');

  return (
    <CataloguePage
      title={category.title ?? sectionName}
      description={pageText.description.workingMachines}
      back={{ to: sparePartsHubPath, label: pageText.back.spareParts }}
      banner={banner}
    >
      <CategoryItems
        category={category}
        open={open}
        placeholder="other-tool"
        otherLabel={text.orderPartsAnotherMachine}
      />
      {dialog}
    </CataloguePage>
  );
}
