import { codeModel, type Brand, type Model, type OrderForm } from './types';

/**
 * Truck brands of /pieces-detachees/trucks. Hyundai, Iveco and Saviem open
 * the order form from the brand card (Hyundai keeps its model list, which the
 * trucks page does not use); the others link to /pieces-detachees/trucks/{brandId}.
 * A brand that is neither would show "No parts currently available"; the
 * catalogue has none today.
 */
export const truckBrands: Brand[] = [
  {
    id: 'sonacome',
    name: { ar: 'سوناكوم', fr: 'Sonacome', en: 'Sonacome' },
    models: [codeModel('k66', 'K66'), codeModel('k120', 'K120')],
  },
  {
    id: 'toyota',
    name: { ar: 'تويوتا', fr: 'Toyota', en: 'Toyota' },
    models: [
      codeModel('b30', 'B30'),
      codeModel('bu65', 'BU65'),
      { id: 'coaster', name: { ar: 'كوستر', fr: 'Coaster', en: 'Coaster' } },
    ],
  },
  {
    id: 'hyundai',
    name: { ar: 'هيونداي', fr: 'Hyundai', en: 'Hyundai' },
    models: [codeModel('hd65', 'HD65')],
    directOrder: true,
  },
  {
    id: 'saviem',
    name: { ar: 'سافيام', fr: 'Saviem', en: 'Saviem' },
    models: [],
    directOrder: true,
  },
  {
    id: 'iveco',
    name: { ar: 'إيفيكو', fr: 'Iveco', en: 'Iveco' },
    models: [],
    directOrder: true,
  },
  {
    id: 'jac',
    name: { ar: 'جاك', fr: 'JAC', en: 'JAC' },
    models: [codeModel('1025', '1025'), codeModel('1035', '1035')],
  },
  {
    id: 'isuzu',
    name: { ar: 'إيسوزو', fr: 'Isuzu', en: 'Isuzu' },
    models: [
      { id: 'nouveau', name: { ar: 'الموديل الجديد', fr: 'Nouveau modèle', en: 'New model' } },
      { id: 'ancien', name: { ar: 'الموديل القديم', fr: 'Ancien modèle', en: 'Old model' } },
    ],
  },
];


/** The order for a truck brand card (direct order, no model) or a truck model card. */
export function truckOrder(brand: Brand, model?: Model): OrderForm {
  return {
    formId: 'part-truck',
    context: model
      ? { truckBrand: brand.name, truckModel: model.name }
      : { truckBrand: brand.name },
  };
}

/** "Order parts for another truck": the visitor types the truck. */
export const otherTruckOrder: OrderForm = { formId: 'part-other-truck', context: {} };
