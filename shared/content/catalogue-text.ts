import type { Localized } from '../languages';

/** Interface texts of the catalogue screens (equipment and spare parts), once per language. */
export const catalogueText = {
  equipmentHubTitle: { ar: 'العتاد الفلاحي', fr: 'Matériel agricole', en: 'Agricultural equipment' },
  sparePartsHubTitle: { ar: 'قطع الغيار', fr: 'Pièces détachées', en: 'Spare parts' },
  order: { ar: 'اطلب الآن', fr: 'Commander', en: 'Order' },
  /** Modal title on the farm-equipment spare-part pages. */
  orderSpareParts: { ar: 'اطلب قطع الغيار', fr: 'Commander des pièces détachées', en: 'Order spare parts' },
  unavailable: { ar: 'غير متوفر', fr: 'Indisponible', en: 'Unavailable' },
  allModels: { ar: 'جميع الموديلات', fr: 'Tous les modèles', en: 'All models' },
  viewModels: { ar: 'عرض الموديلات', fr: 'Voir les modèles', en: 'View models' },
  otherModel: { ar: 'موديل آخر', fr: 'Autre modèle', en: 'Other model' },
  orderPartsAnotherTractor: {
    ar: 'اطلب قطع غيار لجرار آخر',
    fr: 'Commander des pièces pour un autre tracteur',
    en: 'Order parts for another tractor',
  },
  orderPartsAnotherTruck: {
    ar: 'اطلب قطع غيار لشاحنة أخرى',
    fr: 'Commander des pièces pour un autre camion',
    en: 'Order parts for another truck',
  },
  orderPartsAnotherMachine: {
    ar: 'اطلب قطع غيار لآلة أخرى',
    fr: 'Commander des pièces pour un autre engin',
    en: 'Order parts for another machine',
  },
  orderPartsAnotherEngine: {
    ar: 'اطلب قطع غيار لمحرك آخر',
    fr: 'Commander des pièces pour un autre moteur',
    en: 'Order spare parts from another engine',
  },
  orderOtherEquipment: { ar: 'اطلب معدات أخرى', fr: 'Commander un autre équipement', en: 'Order other equipment' },
  /** Unknown brand id, wheeled or non-wheeled. */
  brandNotFound: { ar: 'العلامة غير موجودة', fr: 'Marque non trouvée', en: 'Brand not found' },
  categoryNotFound: { ar: 'الفئة غير موجودة', fr: 'Catégorie non trouvée', en: 'Category not found' },
  /** Non-wheeled brand page without models. */
  noProductAvailable: {
    ar: 'لا يوجد منتج متوفر حاليًا',
    fr: 'Aucun produit disponible actuellement',
    en: 'No product currently available',
  },
  /** Truck brand with neither direct order nor models. */
  noPartsAvailable: {
    ar: 'لا توجد قطع غيار متوفرة حاليًا',
    fr: 'Aucune pièce disponible actuellement',
    en: 'No parts currently available',
  },
} satisfies Record<string, Localized>;

const arabicPlural = new Intl.PluralRules('ar');

/** "5 models" on a brand or engine category card, with each language's plural rules. */
export function modelCount(count: number): Localized {
  const arabic = {
    zero: `${count} موديل`,
    one: 'موديل واحد',
    two: 'موديلان',
    few: `${count} موديلات`,
    many: `${count} موديلًا`,
    other: `${count} موديل`,
  }[arabicPlural.select(count)];
  return {
    ar: arabic,
    fr: `${count} ${count > 1 ? 'modèles' : 'modèle'}`,
    en: `${count} ${count === 1 ? 'model' : 'models'}`,
  };
}
