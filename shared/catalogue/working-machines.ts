import type { Category } from './types';

/**
 * /pieces-detachees/working-machines: spare parts for construction and
 * handling machines. "Order parts for another machine" opens the same form
 * with nothing filled in.
 */
export const workingMachines: Category = {
  id: 'working-machines',
  name: { ar: 'آلات الأشغال', fr: 'Engins de travaux', en: 'Working machines' },
  formId: 'part-working-machine',
  contextField: 'machineName',
  otherFormId: 'part-working-machine',
  items: [
    {
      id: 'clark-forklift',
      name: { ar: 'رافعة شوكية كلارك', fr: 'Chariot élévateur Clark', en: 'Clark forklift' },
      available: true,
    },
    {
      id: 'manitou-telescopic-handler',
      name: { ar: 'رافعة تلسكوبية مانيتو', fr: 'Chariot télescopique Manitou', en: 'Manitou telescopic handler' },
      available: true,
    },
    {
      id: 'backhoe-loader',
      name: { ar: 'جرافة بحفار خلفي', fr: 'Tractopelle', en: 'Backhoe Loader' },
      available: true,
    },
  ],
};
