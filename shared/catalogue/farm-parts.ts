import type { Category } from './types';

/**
 * Spare parts for farm equipment: the five categories of
 * /pieces-detachees/ghiyar-3itad-zira3i, each a page of part families. Every
 * card is available; Order opens the "Order spare parts" modal.
 */

export const tillageParts: Category = {
  id: 'ghiyar-harth',
  name: { ar: 'غيار الحرث', fr: 'Travail du sol', en: 'Tillage' },
  title: {
    ar: 'قطع غيار معدات الحرث',
    fr: 'Pièces détachées de matériel de travail du sol',
    en: 'Tillage Equipment Spare Parts',
  },
  formId: 'farm-parts-tillage',
  contextField: 'partName',
  items: [
    { id: 'charrue-a-socs', name: { ar: 'محراث بالسكك', fr: 'Charrue à socs', en: 'Soc plow' }, available: true },
    { id: 'charrue-a-disques', name: { ar: 'محراث قرصي', fr: 'Charrue à disques', en: 'Disc plow' }, available: true },
    { id: 'cover-crop', name: { ar: 'مسلفة قرصية (كوفر كروب)', fr: 'Cover-crop', en: 'Cover crop' }, available: true },
    { id: 'chisel', name: { ar: 'شيزل', fr: 'Chisel', en: 'Chisel' }, available: true },
    { id: 'cultivateur', name: { ar: 'كولتيفاتور', fr: 'Cultivateur', en: 'Cultivator' }, available: true },
  ],
};

export const seedingParts: Category = {
  id: 'ghiyar-zar3',
  name: { ar: 'غيار الزرع', fr: 'Semis', en: 'Seeding' },
  title: {
    ar: 'قطع غيار معدات الزرع',
    fr: 'Pièces détachées de matériel de semis',
    en: 'Seeding Equipment Spare Parts',
  },
  formId: 'farm-parts-seeding',
  contextField: 'partName',
  items: [
    {
      id: 'epandeur-engrais-semoir',
      name: { ar: 'موزع الأسمدة والبذور', fr: "Épandeur d'engrais et semoir", en: 'Fertilizer and seeder spreader' },
      available: true,
    },
    { id: 'semoir-ble', name: { ar: 'بذارة القمح', fr: 'Semoir à blé', en: 'Wheat seeder' }, available: true },
    {
      id: 'planteuse-pommes-de-terre',
      name: { ar: 'غارسة البطاطا', fr: 'Planteuse de pommes de terre', en: 'Potato planter' },
      available: true,
    },
    { id: 'planteuse-ail', name: { ar: 'غارسة الثوم', fr: "Planteuse d'ail", en: 'Garlic planter' }, available: true },
  ],
};

export const harvestingParts: Category = {
  id: 'ghiyar-hassad',
  name: { ar: 'غيار الحصاد', fr: 'Récolte', en: 'Harvesting' },
  title: {
    ar: 'قطع غيار معدات الحصاد',
    fr: 'Pièces détachées de matériel de récolte',
    en: 'Harvesting Equipment Spare Parts',
  },
  formId: 'farm-parts-harvesting',
  contextField: 'partName',
  items: [
    {
      id: 'moissonneuse-batteuse',
      name: { ar: 'حاصدة الحبوب', fr: 'Moissonneuse-batteuse', en: 'Grain harvester' },
      available: true,
    },
    { id: 'lieuse', name: { ar: 'حاصدة رابطة', fr: 'Moissonneuse-lieuse', en: 'Binder' }, available: true },
    { id: 'faucheuse', name: { ar: 'جزازة', fr: 'Faucheuse', en: 'Mower' }, available: true },
    { id: 'rateau', name: { ar: 'مجمعة التبن', fr: 'Râteau faneur', en: 'Rake' }, available: true },
  ],
};

export const sprayingParts: Category = {
  id: 'ghiyar-dawaa',
  name: { ar: 'غيار الرش', fr: 'Pulvérisation', en: 'Spraying' },
  title: {
    ar: 'قطع غيار معدات الرش',
    fr: 'Pièces détachées de matériel de pulvérisation',
    en: 'Spraying Equipment Spare Parts',
  },
  formId: 'farm-parts-spraying',
  contextField: 'partName',
  items: [
    {
      id: 'pulverisateur',
      name: { ar: 'رشاش', fr: 'Pulvérisateur', en: 'Sprayer' },
      description: {
        ar: 'مضخات، فوهات، أذرع رش، خزانات وصمامات للرشاشات المحمولة والمجرورة.',
        fr: 'Pompes, buses, rampes, cuves et vannes pour pulvérisateurs portés et traînés.',
        en: 'Pumps, nozzles, booms, tanks and valves for mounted and trailed sprayers.',
      },
      available: true,
    },
    {
      id: 'atomiseur',
      name: { ar: 'مرذاذ', fr: 'Atomiseur', en: 'Atomizer' },
      description: {
        ar: 'مراوح، مضخات، فوهات وناقلات الحركة للمراذيذ.',
        fr: 'Turbines, pompes, buses et transmissions pour atomiseurs.',
        en: 'Fans, pumps, nozzles and drives for atomizers.',
      },
      available: true,
    },
  ],
};

export const otherFarmParts: Category = {
  id: 'ghiyar-zira3i-akhar',
  name: { ar: 'غيار فلاحي آخر', fr: 'Autres pièces', en: 'Other parts' },
  title: {
    ar: 'قطع غيار فلاحية أخرى',
    fr: 'Autres pièces détachées agricoles',
    en: 'Other Agricultural Spare Parts',
  },
  // The card is the machine; the visitor types the part.
  formId: 'farm-parts-other',
  contextField: 'machineName',
  items: [
    { id: 'broyeur', name: { ar: 'كسارة', fr: 'Broyeur', en: 'Crusher' }, available: true },
    { id: 'remorque-4t-5t', name: { ar: 'مقطورة 4 و5 أطنان', fr: 'Remorque 4t/5t', en: '4t/5t trailer' }, available: true },
    { id: 'citerne', name: { ar: 'صهريج', fr: 'Citerne', en: 'Tank' }, available: true },
    { id: 'grue', name: { ar: 'رافعة', fr: 'Grue', en: 'Crane' }, available: true },
    { id: 'tariere', name: { ar: 'مثقاب فلاحي', fr: 'Tarière agricole', en: 'Agricultural auger' }, available: true },
    { id: 'rotavator', name: { ar: 'محراث دوار', fr: 'Rotavator', en: 'Rotavator' }, available: true },
  ],
};

/** The five cards of /pieces-detachees/ghiyar-3itad-zira3i, each a page below it. */
export const farmPartCategories: Category[] = [tillageParts, seedingParts, harvestingParts, sprayingParts, otherFarmParts];

