import type { Category } from './types';

/**
 * Agricultural equipment for sale: the five pages under /materiel-agricole,
 * in the order of the hub's cards. Page slugs are the Arabic season names
 * (موسم الحرث, موسم الزرع, موسم الرش, موسم الحصاد) as the site has always used.
 */

export const soilPreparation: Category = {
  id: 'moussem-el-harth',
  name: { ar: 'موسم الحرث', fr: 'Préparation du sol', en: 'Soil preparation' },
  title: {
    ar: 'معدات الحرث',
    fr: 'Matériel de préparation du sol',
    en: 'Soil preparation equipment',
  },
  formId: 'equipment-soil-preparation',
  contextField: 'itemName',
  items: [
    {
      id: 'charrue-2-socs',
      name: { ar: 'محراث بسكتين', fr: 'Charrue à 2 socs', en: '2-share plow' },
      available: true,
    },
    {
      id: 'charrue-3-socs',
      name: { ar: 'محراث بثلاث سكك', fr: 'Charrue à 3 socs', en: '3-share plow' },
      available: true,
    },
    {
      id: 'charrue-disques-7-14',
      name: { ar: 'محراث قرصي 7/14 أقراص', fr: 'Charrue à disques 7/14', en: 'Disc plow 7/14 discs' },
      available: true,
    },
    {
      id: 'charrue-disques-8-16',
      name: { ar: 'محراث قرصي 8/16 أقراص', fr: 'Charrue à disques 8/16', en: 'Disc plow 8/16 discs' },
      available: true,
    },
    {
      id: 'charrue-disques-10-20',
      name: { ar: 'محراث قرصي 10/20 أقراص', fr: 'Charrue à disques 10/20', en: 'Disc plow 10/20 discs' },
      available: true,
    },
    {
      id: 'charrue-2-disques',
      name: { ar: 'محراث بقرصين', fr: 'Charrue à 2 disques', en: '2-disc plow' },
      available: true,
    },
    {
      id: 'charrue-3-disques',
      name: { ar: 'محراث بثلاثة أقراص', fr: 'Charrue à 3 disques', en: '3-disc plow' },
      available: true,
    },
    {
      id: 'chisel-5-dents',
      name: { ar: 'شيزل بخمسة أسنان', fr: 'Chisel à 5 dents', en: '5-tooth chisel' },
      available: true,
    },
    {
      id: 'chisel-7-dents',
      name: { ar: 'شيزل بسبعة أسنان', fr: 'Chisel à 7 dents', en: '7-tooth chisel' },
      available: true,
    },
    {
      id: 'cultivateur-9-dents',
      name: { ar: 'كولتيفاتور بتسعة أسنان', fr: 'Cultivateur à 9 dents', en: '9-tooth cultivator' },
      available: true,
    },
    {
      id: 'cultivateur-11-dents',
      name: { ar: 'كولتيفاتور بأحد عشر سنًّا', fr: 'Cultivateur à 11 dents', en: '11-tooth cultivator' },
      available: true,
    },
  ],
};

export const planting: Category = {
  id: 'moussem-el-zar3',
  name: { ar: 'موسم الزرع', fr: 'Semis et plantation', en: 'Planting' },
  title: { ar: 'معدات الزرع', fr: 'Matériel de semis', en: 'Planting equipment' },
  formId: 'equipment-planting',
  contextField: 'itemName',
  items: [
    {
      id: 'epandeur-engrais-semoir',
      name: {
        ar: 'موزع الأسمدة والبذور',
        fr: "Épandeur d'engrais et semoir",
        en: 'Fertilizer and seeder spreader',
      },
      available: true,
    },
  ],
};

export const spraying: Category = {
  id: 'moussem-el-rach',
  name: { ar: 'موسم الرش', fr: 'Pulvérisation', en: 'Spraying' },
  title: { ar: 'معدات الرش', fr: 'Matériel de pulvérisation', en: 'Spraying equipment' },
  formId: 'equipment-spraying',
  contextField: 'itemName',
  items: [
    {
      id: 'pulverisateur-porte-600l',
      name: { ar: 'رشاش محمول 600 لتر', fr: 'Pulvérisateur porté 600L', en: '600L mounted sprayer' },
      available: true,
    },
    {
      id: 'pulverisateur-porte-400l',
      name: { ar: 'رشاش محمول 400 لتر', fr: 'Pulvérisateur porté 400L', en: '400L mounted sprayer' },
      available: true,
    },
    {
      id: 'pulverisateur-traine-1000l',
      name: { ar: 'رشاش مجرور 1000 لتر', fr: 'Pulvérisateur traîné 1000L', en: '1000L trailed sprayer' },
      available: false,
    },
    {
      id: 'atomiseur-400l',
      name: { ar: 'مرذاذ 400 لتر', fr: 'Atomiseur 400L', en: '400L atomizer' },
      available: false,
    },
    {
      id: 'atomiseur-1000l',
      name: { ar: 'مرذاذ 1000 لتر', fr: 'Atomiseur 1000L', en: '1000L atomizer' },
      available: false,
    },
  ],
};

export const harvesting: Category = {
  id: 'moussem-el-hassad',
  name: { ar: 'موسم الحصاد', fr: 'Récolte', en: 'Harvesting' },
  title: { ar: 'معدات الحصاد', fr: 'Matériel de récolte', en: 'Harvesting equipment' },
  formId: 'equipment-harvesting',
  contextField: 'partName',
  items: [
    {
      id: 'lieuse',
      name: { ar: 'حاصدة رابطة', fr: 'Moissonneuse-lieuse', en: 'Binder' },
      available: true,
    },
    {
      id: 'faucheuse',
      name: { ar: 'جزازة', fr: 'Faucheuse', en: 'Mower' },
      available: true,
    },
    {
      id: 'rateau',
      name: { ar: 'مجمعة التبن', fr: 'Râteau faneur', en: 'Rake' },
      available: false,
    },
  ],
};

export const otherTools: Category = {
  id: 'autres',
  name: { ar: 'أدوات أخرى', fr: 'Autres outils', en: 'Other tools' },
  title: { ar: 'أدوات ومعدات أخرى', fr: 'Autres outils et équipements', en: 'Other tools and equipment' },
  formId: 'equipment-other-tools',
  contextField: 'machineName',
  // "Order other equipment": machine name and photos, typed by the visitor.
  otherFormId: 'equipment-free-form',
  items: [
    {
      id: 'broyeur',
      name: { ar: 'كسارة', fr: 'Broyeur', en: 'Crusher' },
      available: true,
    },
    {
      id: 'remorques-4t-5t',
      name: { ar: 'مقطورات 4 و5 أطنان', fr: 'Remorques 4t/5t', en: '4t/5t Trailers' },
      available: true,
    },
    {
      id: 'citerne',
      name: { ar: 'صهريج', fr: 'Citerne', en: 'Tank' },
      available: true,
    },
    {
      id: 'grue',
      name: { ar: 'رافعة', fr: 'Grue', en: 'Crane' },
      available: true,
    },
    {
      id: 'tariere',
      name: { ar: 'مثقاب التربة', fr: 'Tarière', en: 'Auger' },
      available: true,
    },
    {
      id: 'rotavator',
      name: { ar: 'محراث دوار', fr: 'Rotavator', en: 'Rotavator' },
      available: true,
    },
  ],
};

/** The five cards of /materiel-agricole, each a page /materiel-agricole/{id}. */
export const equipmentCategories: Category[] = [soilPreparation, planting, spraying, harvesting, otherTools];

