import type { Localized } from '../languages';
import type { Tractor } from './types';

/** The new tractors of /tracteurs, as a fresh install starts with them (staff change them in the admin). */
const inStock: Localized = { ar: 'متوفر', fr: 'Disponible', en: 'Available' };

export const tractors: Tractor[] = [
  {
    id: 'sonalika-di75-4x4-facelift',
    model: 'Sonalika DI75 4x4 Facelift',
    name: {
      ar: 'سوناليكا DI75 4x4 فيسليفت',
      fr: 'Sonalika DI75 4x4 Facelift',
      en: 'Sonalika DI75 4x4 Facelift',
    },
    description: {
      ar: 'جرار رباعي الدفع بقوة 75 حصانًا في نسخته المحدثة: مقصورة مريحة، رفع هيدروليكي قوي وجر ثابت في الأراضي الصعبة.',
      fr: 'Tracteur 75 ch à quatre roues motrices dans sa version restylée : poste de conduite confortable, relevage hydraulique puissant et motricité sûre en terrain difficile.',
      en: 'A 75 hp four-wheel-drive tractor in its refreshed version: a comfortable driving position, strong hydraulic lift and sure traction on difficult ground.',
    },
    priceDzd: 3_897_000,
    available: true,
    availabilityStatus: inStock,
  },
  {
    id: 'di75-4x2',
    model: 'DI75 4x2',
    name: { ar: 'DI75 4x2', fr: 'DI75 4x2', en: 'DI75 4x2' },
    description: {
      ar: 'جرار ثنائي الدفع بقوة 75 حصانًا، بسيط الصيانة واقتصادي في الوقود، مناسب للحرث والنقل.',
      fr: 'Tracteur 75 ch à deux roues motrices, simple à entretenir et économe en carburant, pour le labour et le transport.',
      en: 'A 75 hp two-wheel-drive tractor, simple to maintain and easy on fuel, for ploughing and haulage.',
    },
    priceDzd: 3_121_000,
    available: true,
    availabilityStatus: inStock,
  },
  {
    id: '75-worldtrack-4x2',
    model: '75 Worldtrack 4x2',
    name: { ar: 'ورلدتراك 75 4x2', fr: '75 Worldtrack 4x2', en: '75 Worldtrack 4x2' },
    description: {
      ar: 'جرار ورلدتراك بقوة 75 حصانًا بدفع ثنائي، بتصميم حديث وعلبة سرعات سلسة للأعمال اليومية.',
      fr: 'Tracteur Worldtrack 75 ch à deux roues motrices, au design moderne et à la boîte de vitesses souple pour le travail de tous les jours.',
      en: 'A 75 hp two-wheel-drive Worldtrack tractor with a modern design and a smooth gearbox for everyday work.',
    },
    priceDzd: 3_586_000,
    available: true,
    availabilityStatus: inStock,
  },
  {
    id: '90-worldtrack-4x4',
    model: '90 Worldtrack 4x4',
    name: { ar: 'ورلدتراك 90 4x4', fr: '90 Worldtrack 4x4', en: '90 Worldtrack 4x4' },
    description: {
      ar: 'جرار ورلدتراك رباعي الدفع بقوة 90 حصانًا للمساحات الكبيرة والمعدات الثقيلة.',
      fr: 'Tracteur Worldtrack 90 ch à quatre roues motrices pour les grandes surfaces et les outils lourds.',
      en: 'A 90 hp four-wheel-drive Worldtrack tractor for large fields and heavy implements.',
    },
    priceDzd: 4_400_000,
    available: true,
    availabilityStatus: inStock,
  },
];
