import type { Catalogue } from './lists';
import { engineCategories } from './engines';
import { equipmentCategories } from './equipment';
import { farmPartCategories } from './farm-parts';
import { nonWheeledTractorBrands } from './non-wheeled-tractors';
import { sparePartSections } from './spare-part-hub';
import { tractors } from './tractors';
import { truckBrands } from './trucks';
import { wheeledTractorBrands } from './wheeled-tractors';
import { workingMachines } from './working-machines';

/** The whole catalogue as a fresh install starts with it. The site's pages import only the lists they show. */
export const defaultCatalogue: Catalogue = {
  tractors,
  equipmentCategories,
  farmPartCategories,
  workingMachines: [workingMachines],
  sparePartSections,
  wheeledTractorBrands,
  nonWheeledTractorBrands,
  truckBrands,
  engineCategories,
};

