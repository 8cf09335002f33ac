import { codeModel as code, joinNames, type Brand, type Model, type OrderForm } from './types';

/**
 * Wheeled-tractor brands of /pieces-detachees/wheeled-tractors. Brands with
 * models link to /pieces-detachees/{brandId}; direct-order brands open the
 * order form from the brand card.
 */
export const wheeledTractorBrands: Brand[] = [
  {
    id: 'sonalika',
    name: { ar: 'سوناليكا', fr: 'Sonalika', en: 'Sonalika' },
    models: [
      code('di20', 'DI20'),
      code('di26', 'DI26'),
      code('di45', 'DI45'),
      code('di50', 'DI50'),
      code('di60', 'DI60'),
      code('di75-4x2', 'DI75 4x2'),
      code('di75-4x4', 'DI75 4x4'),
      { id: 'worldtrack-75', name: { ar: 'ورلدتراك 75', fr: 'Worldtrack 75', en: 'Worldtrack 75' } },
      { id: 'worldtrack-90', name: { ar: 'ورلدتراك 90', fr: 'Worldtrack 90', en: 'Worldtrack 90' } },
      { id: 'narrow-75', name: { ar: 'نارو 75', fr: 'Narrow 75', en: 'Narrow 75' } },
      code('wt-110', 'WT 110'),
    ],
  },
  {
    id: 'deutz',
    name: { ar: 'دويتز', fr: 'Deutz', en: 'Deutz' },
    models: [
      { id: '4-vitesse-6807', name: { ar: '6807 بأربع سرعات', fr: '4 vitesses 6807', en: '4-speed 6807' } },
      { id: '3-vitesse-6006', name: { ar: '6006 بثلاث سرعات', fr: '3 vitesses 6006', en: '3-speed 6006' } },
      { id: '3-cylindres-4006', name: { ar: '4006 بثلاث أسطوانات', fr: '3 cylindres 4006', en: '3-cylinder 4006' } },
      { id: 'deutz-fahr', name: { ar: 'دويتز فار', fr: 'Deutz Fahr', en: 'Deutz Fahr' } },
      { id: 'deutz-agroluxe', name: { ar: 'دويتز أغرولوكس', fr: 'Deutz Agroluxe', en: 'Deutz Agroluxe' } },
    ],
  },
  {
    id: 'massey-ferguson',
    name: { ar: 'ماسي فيرغسون', fr: 'Massey Ferguson', en: 'Massey Ferguson' },
    models: [code('mf440', 'MF440'), code('mf7150', 'MF7150')],
  },
  {
    id: 'foton',
    name: { ar: 'فوتون', fr: 'Foton', en: 'Foton' },
    models: [code('604', '604'), code('504', '504'), code('554', '554'), code('824', '824'), code('254', '254')],
  },
  {
    id: 'fiat',
    name: { ar: 'فيات', fr: 'Fiat', en: 'Fiat' },
    models: [code('7066', '7066')],
  },
  {
    id: 'imt',
    name: { ar: 'آي إم تي', fr: 'IMT', en: 'IMT' },
    models: [],
    directOrder: true,
  },
  {
    id: 'londini',
    name: { ar: 'لونديني', fr: 'Londini', en: 'Londini' },
    models: [],
    directOrder: true,
  },
  {
    id: 'mahindra',
    name: { ar: 'ماهيندرا', fr: 'Mahindra', en: 'Mahindra' },
    models: [],
    directOrder: true,
  },
  {
    id: 'john-deere',
    name: { ar: 'جون دير', fr: 'John Deere', en: 'John Deere' },
    models: [],
    directOrder: true,
  },
  {
    id: 'luzhong',
    name: { ar: 'لوجونغ', fr: 'Luzhong', en: 'Luzhong' },
    models: [],
    directOrder: true,
  },
];


/**
 * The order for a wheeled tractor: the brand card of a direct-order brand, a
 * model page, or the "custom" page (no model). The tractor name sent is
 * "Brand Model", or the brand alone without a model.
 */
export function wheeledTractorOrder(brand: Brand, model?: Model): OrderForm {
  return {
    formId: 'part-wheeled-tractor',
    context: { tractorName: model ? joinNames(brand.name, model.name) : brand.name },
  };
}

/** "Order parts for another tractor": the visitor types the tractor. */
export const otherTractorOrder: OrderForm = { formId: 'part-other-tractor', context: {} };
