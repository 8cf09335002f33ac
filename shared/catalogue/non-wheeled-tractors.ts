import { codeModel, joinNames, type Brand, type Model, type OrderForm } from './types';

/** The "Other tractor" card: a free-form order where the visitor names the tractor. */
export const otherNonWheeledBrandId = 'other';

/**
 * Non-wheeled (crawler) tractor brands of /pieces-detachees/tracteurs-sans-roues.
 * Fiat links to its model page; the brands without models, and "Other
 * tractor", open the order form from the card.
 */
export const nonWheeledTractorBrands: Brand[] = [
  {
    id: 'fiat',
    name: { ar: 'فيات', fr: 'Fiat', en: 'Fiat' },
    models: [
      codeModel('8075', '8075'),
      codeModel('505', '505'),
      codeModel('utb', 'UTB'),
      codeModel('805', '805'),
      codeModel('80c', '80C'),
      codeModel('d4', 'D4'),
    ],
  },
  {
    id: 'tg50',
    name: { ar: 'TG50', fr: 'TG50', en: 'TG50' },
    models: [],
    directOrder: true,
  },
  {
    id: 'massey-ferguson',
    name: { ar: 'ماسي فيرغسون', fr: 'Massey Ferguson', en: 'Massey Ferguson' },
    models: [],
    directOrder: true,
  },
  {
    id: otherNonWheeledBrandId,
    name: { ar: 'جرار آخر', fr: 'Autre tracteur', en: 'Other tractor' },
    models: [],
    directOrder: true,
  },
];


/**
 * The order for a non-wheeled brand card or a Fiat model: the tractor sent is
 * "Fiat 8075", or the brand alone ("TG50"). "Other tractor" opens the
 * free-form part order (the spec's "part order with optional image"): the
 * visitor types the tractor and the part.
 */
export function nonWheeledTractorOrder(brand: Brand, model?: Model): OrderForm {
  if (brand.id === otherNonWheeledBrandId) return { formId: 'part-order', context: {} };
  return {
    formId: 'part-non-wheeled-tractor',
    context: { tractorBrand: model ? joinNames(brand.name, model.name) : brand.name },
  };
}
