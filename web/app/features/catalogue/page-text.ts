import type { Localized } from '../../../../shared/languages';
import { sparePartSections } from '../../catalogue/spare-part-hub';

/**
 * Texts of the catalogue pages that the catalogue data does not carry: page
 * descriptions (for search engines and link previews), back-link labels and a
 * few card labels, once per language.
 */

/** A hub card's name, which is also its page's title. */
export function sectionName(sectionId: string): Localized {
  const section = sparePartSections.find((entry) => entry.id === sectionId);
  if (!section) throw new Error(`No spare-part section ${sectionId}`);
  return section.name;
}

/** "Brand Model" (or "Category Model") in every language, without repeating a name the model already starts with. */
export function joinNames(owner: Localized, model: Localized): Localized {
  const join = (first: string, second: string) => (second.toLowerCase().startsWith(first.toLowerCase()) ? second : `${first} ${second}`);
  return { ar: join(owner.ar, model.ar), fr: join(owner.fr, model.fr), en: join(owner.en, model.en) };
}

export const pageText = {
  /** Card link of a hub: opens the category or section. */
  browse: { ar: 'تصفح', fr: 'Parcourir', en: 'Browse' },
  /** Heading above the order form of a model page. */
  orderFormHeading: { ar: 'اطلب قطعة الغيار', fr: 'Commander la pièce', en: 'Order the part' },
  brand: { ar: 'العلامة', fr: 'Marque', en: 'Brand' },
  model: { ar: 'الموديل', fr: 'Modèle', en: 'Model' },
  modelNotFound: { ar: 'الموديل غير موجود', fr: 'Modèle non trouvé', en: 'Model not found' },
  notFoundText: {
    ar: 'ما تبحث عنه غير موجود في الكتالوج. عد إلى القائمة لاختيار عنصر آخر.',
    fr: "Ce que vous cherchez n'est pas dans le catalogue. Revenez à la liste pour choisir autre chose.",
    en: 'What you are looking for is not in the catalogue. Go back to the list to pick something else.',
  },
  back: {
    equipment: { ar: 'العودة إلى العتاد الزراعي', fr: 'Retour au matériel agricole', en: 'Back to agricultural equipment' },
    spareParts: { ar: 'العودة إلى قطع الغيار', fr: 'Retour aux pièces détachées', en: 'Back to spare parts' },
    wheeledTractors: {
      ar: 'العودة إلى الجرارات ذات العجلات',
      fr: 'Retour aux tracteurs à roues',
      en: 'Back to wheeled tractors',
    },
    nonWheeledTractors: {
      ar: 'العودة إلى الجرارات المجنزرة',
      fr: 'Retour aux tracteurs sans roues',
      en: 'Back to non-wheeled tractors',
    },
    trucks: { ar: 'العودة إلى الشاحنات', fr: 'Retour aux camions', en: 'Back to trucks' },
    engines: { ar: 'العودة إلى المحركات الزراعية', fr: 'Retour aux moteurs agricoles', en: 'Back to agricultural engines' },
    farmParts: {
      ar: 'العودة إلى قطع غيار العتاد الزراعي',
      fr: 'Retour aux pièces de matériel agricole',
      en: 'Back to farm equipment spare parts',
    },
  },
  description: {
    equipmentHub: {
      ar: 'معدات الحرث والزرع والرش والحصاد وأدوات أخرى: اختر الفئة واطلب مباشرة، وسنتصل بك.',
      fr: 'Matériel de préparation du sol, de semis, de pulvérisation, de récolte et autres outils : choisissez une catégorie et commandez en ligne.',
      en: 'Soil preparation, planting, spraying and harvesting equipment and other tools: pick a category and order online.',
    },
    sparePartsHub: {
      ar: 'قطع غيار الجرارات ذات العجلات والمجنزرة والشاحنات والمحركات الزراعية وآلات الأشغال والعتاد الفلاحي.',
      fr: 'Pièces détachées pour tracteurs à roues et sans roues, camions, moteurs agricoles, engins de travaux et matériel agricole.',
      en: 'Spare parts for wheeled and non-wheeled tractors, trucks, agricultural engines, working machines and farm equipment.',
    },
    wheeledTractors: {
      ar: 'قطع غيار الجرارات ذات العجلات: سوناليكا، دويتز، ماسي فيرغسون، فوتون، فيات وغيرها. اختر العلامة ثم الموديل.',
      fr: 'Pièces pour tracteurs à roues : Sonalika, Deutz, Massey Ferguson, Foton, Fiat et autres. Choisissez la marque puis le modèle.',
      en: 'Parts for wheeled tractors: Sonalika, Deutz, Massey Ferguson, Foton, Fiat and more. Pick the brand, then the model.',
    },
    nonWheeledTractors: {
      ar: 'قطع غيار الجرارات المجنزرة: فيات، TG50، ماسي فيرغسون أو أي جرار آخر.',
      fr: 'Pièces pour tracteurs sans roues (à chenilles) : Fiat, TG50, Massey Ferguson ou tout autre tracteur.',
      en: 'Parts for non-wheeled (crawler) tractors: Fiat, TG50, Massey Ferguson or any other tractor.',
    },
    trucks: {
      ar: 'قطع غيار الشاحنات: سوناكوم، تويوتا، هيونداي، إيفيكو، سافيام، جاك، إيسوزو وغيرها.',
      fr: 'Pièces pour camions : Sonacome, Toyota, Hyundai, Iveco, Saviem, JAC, Isuzu et autres.',
      en: 'Truck parts: Sonacome, Toyota, Hyundai, Iveco, Saviem, JAC, Isuzu and more.',
    },
    workingMachines: {
      ar: 'قطع غيار الرافعات الشوكية والرافعات التلسكوبية والجرافات، أو أي آلة أشغال أخرى.',
      fr: 'Pièces pour chariots élévateurs, chariots télescopiques, tractopelles et tout autre engin de travaux.',
      en: 'Parts for forklifts, telescopic handlers, backhoe loaders and any other working machine.',
    },
    engines: {
      ar: 'قطع غيار محركات الرشاشات ودويتز والري وبيركنز، أو أي محرك آخر.',
      fr: "Pièces pour moteurs de pulvérisateur, Deutz, d'irrigation et Perkins, ou tout autre moteur.",
      en: 'Parts for sprayer, Deutz, irrigation and Perkins engines, or any other engine.',
    },
    farmPartsHub: {
      ar: 'قطع غيار معدات الحرث والزرع والحصاد والرش وغيرها من العتاد الفلاحي.',
      fr: 'Pièces détachées pour le matériel de travail du sol, de semis, de récolte, de pulvérisation et autres.',
      en: 'Spare parts for tillage, seeding, harvesting, spraying and other farm equipment.',
    },
  },
} satisfies Record<string, Localized | Record<string, Localized>>;

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
    ar: `قطع غيار ${name.ar} (جرار بدون عجلات)`,
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
