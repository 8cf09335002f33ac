import type { Localized } from '../../../../shared/languages';

/** Titles and descriptions of the catalogue pages made from an entry's names, in every language. */

/** "Back to Sonalika models": the back link of a model page. */
export function backToBrandModels(brand: Localized): Localized {
  return { ar: `العودة إلى موديلات ${brand.ar}`, fr: `Retour aux modèles ${brand.fr}`, en: `Back to ${brand.en} models` };
}

/** The title of a page that orders parts for one brand or model: "Sonalika DI75 4x4 spare parts". */
export function sparePartsFor(name: Localized): Localized {
  return { ar: `قطع غيار ${name.ar}`, fr: `Pièces détachées ${name.fr}`, en: `${name.en} spare parts` };
}

/** Title of a non-wheeled brand's page, told apart from the wheeled brand of the same name. */
export function nonWheeledPartsFor(name: Localized): Localized {
  return {
    ar: `قطع غيار ${name.ar} (جرار مجنزر)`,
    fr: `Pièces détachées ${name.fr} (tracteur sans roues)`,
    en: `${name.en} non-wheeled tractor spare parts`,
  };
}

/** Description of a page listing items to order: "<title>: pick an item and order it". */
export function itemsDescription(title: Localized): Localized {
  return {
    ar: `${title.ar}: اختر ما تحتاجه واطلبه، وسنتصل بك قريبًا.`,
    fr: `${title.fr} : choisissez un article et commandez-le, nous vous rappelons rapidement.`,
    en: `${title.en}: pick an item and order it, we will call you back soon.`,
  };
}

/** Description of a brand page listing models. */
export function modelsDescription(title: Localized): Localized {
  return {
    ar: `${title.ar}: اختر الموديل واطلب القطعة التي تحتاجها.`,
    fr: `${title.fr} : choisissez le modèle et commandez la pièce qu'il vous faut.`,
    en: `${title.en}: pick the model and order the part you need.`,
  };
}

/** Description of a model's order page. */
export function modelOrderDescription(name: Localized): Localized {
  return {
    ar: `اطلب قطع غيار ${name.ar}: صف القطعة وأرسل صورة، وسنتصل بك.`,
    fr: `Commandez des pièces pour ${name.fr} : décrivez la pièce, joignez une photo, nous vous rappelons.`,
    en: `Order parts for ${name.en}: describe the part, add a photo, and we will call you back.`,
  };
}
