import type { SparePartSection } from './types';

/** The six cards of /pieces-detachees; each links to /pieces-detachees/{id}. */
export const sparePartSections: SparePartSection[] = [
  {
    id: 'wheeled-tractors',
    name: { ar: 'الجرارات ذات العجلات', fr: 'Tracteurs à roues', en: 'Wheeled tractors' },
  },
  {
    id: 'tracteurs-sans-roues',
    name: { ar: 'الجرارات المجنزرة', fr: 'Tracteurs sans roues', en: 'Non-wheeled tractors' },
  },
  {
    id: 'trucks',
    name: { ar: 'الشاحنات', fr: 'Camions', en: 'Trucks' },
  },
  {
    id: 'agricultural-engines',
    name: { ar: 'المحركات الفلاحية', fr: 'Moteurs agricoles', en: 'Agricultural engines' },
  },
  {
    id: 'working-machines',
    name: { ar: 'آلات الأشغال', fr: 'Engins de travaux', en: 'Working machines' },
  },
  {
    id: 'ghiyar-3itad-zira3i',
    name: {
      ar: 'قطع غيار العتاد الفلاحي',
      fr: 'Pièces de matériel agricole',
      en: 'Farm equipment spare parts',
    },
  },
];

