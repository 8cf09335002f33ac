import type { Localized } from '../languages';

/**
 * Texts of the catalogue pages that the catalogue data does not carry: page
 * descriptions (for search engines and link previews), back-link labels and a
 * few card labels, once per language.
 */
export const cataloguePageText = {
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
    equipment: { ar: 'العودة إلى العتاد الفلاحي', fr: 'Retour au matériel agricole', en: 'Back to agricultural equipment' },
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
    engines: { ar: 'العودة إلى المحركات الفلاحية', fr: 'Retour aux moteurs agricoles', en: 'Back to agricultural engines' },
    farmParts: {
      ar: 'العودة إلى قطع غيار العتاد الفلاحي',
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
      ar: 'قطع غيار الجرارات ذات العجلات والمجنزرة والشاحنات والمحركات الفلاحية وآلات الأشغال والعتاد الفلاحي.',
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
