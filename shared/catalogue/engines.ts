import { codeModel, joinNames, type EngineCategory, type Model, type OrderForm } from './types';

/**
 * Agricultural engine families of /pieces-detachees/agricultural-engines; each
 * lists its models on /pieces-detachees/agricultural-engines/{categoryId}.
 */
export const engineCategories: EngineCategory[] = [
  {
    id: 'sprayer',
    name: { ar: 'رشاش', fr: 'Pulvérisateur', en: 'Sprayer' },
    title: { ar: 'محركات الرشاشات', fr: 'Moteurs de pulvérisateur', en: 'Sprayer engines' },
    models: [
      { id: '1200l', name: { ar: '1200 لتر', fr: '1200L', en: '1200L' } },
      { id: '1000l', name: { ar: '1000 لتر', fr: '1000L', en: '1000L' } },
      { id: '600l', name: { ar: '600 لتر', fr: '600L', en: '600L' } },
      { id: '400l', name: { ar: '400 لتر', fr: '400L', en: '400L' } },
    ],
  },
  {
    id: 'deutz',
    name: { ar: 'دويتز', fr: 'Deutz', en: 'Deutz' },
    title: { ar: 'محركات دويتز', fr: 'Moteurs Deutz', en: 'Deutz engines' },
    models: [
      codeModel('913', '913'),
      codeModel('1011', '1011'),
      codeModel('2011', '2011'),
      codeModel('2012', '2012'),
      codeModel('912', '912'),
    ],
  },
  {
    id: 'irrigation',
    name: { ar: 'ري', fr: 'Irrigation', en: 'Irrigation' },
    title: { ar: 'محركات الري', fr: "Moteurs d'irrigation", en: 'Irrigation engines' },
    models: [
      { id: 'essence', name: { ar: 'بنزين', fr: 'Essence', en: 'Petrol' } },
      { id: 'diesel', name: { ar: 'ديزل', fr: 'Diesel', en: 'Diesel' } },
    ],
  },
  {
    id: 'perkins',
    name: { ar: 'بيركنز', fr: 'Perkins', en: 'Perkins' },
    title: { ar: 'محركات بيركنز', fr: 'Moteurs Perkins', en: 'Perkins engines' },
    models: [
      { id: 'diameter-100-mm', name: { ar: 'قطر 100 مم', fr: 'Diamètre 100 mm', en: 'Diameter 100 mm' } },
      { id: 'diameter-105-mm', name: { ar: 'قطر 105 مم', fr: 'Diamètre 105 mm', en: 'Diameter 105 mm' } },
      { id: '98-48-mm', name: { ar: '98.48 مم', fr: '98,48 mm', en: '98.48 mm' } },
    ],
  },
];


/** The order for an engine model card; the engine sent is "Category Model" ("Deutz 913", "Pulvérisateur 1200L"). */
export function engineOrder(category: EngineCategory, model: Model): OrderForm {
  return { formId: 'part-engine', context: { engineModel: joinNames(category.name, model.name) } };
}

/** "Order spare parts from another engine": the visitor describes the engine. */
export const otherEngineOrder: OrderForm = { formId: 'part-other-engine', context: {} };
