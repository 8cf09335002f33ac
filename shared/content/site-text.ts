import type { Localized } from '../languages';

/** Texts by name, grouped: each leaf is a text in every language. */
export type TextTree = { [key: string]: Localized | TextTree };

/**
 * The interface texts of the site's frame and pages, once per language: what
 * a fresh install shows, and the defaults staff's translations change
 * (shared/content/texts.ts). A missing default is a type error, not a blank on screen.
 */
export const siteText = {
  siteTitle: {
    ar: 'قطع ومعدات فلاحية',
    fr: 'Pièce et Matériel Agricole',
    en: 'Agricultural Parts and Equipment',
  },
  siteDescription: {
    ar: 'جرارات وعتاد فلاحي وقطع غيار في الجزائر: تصفح الكتالوج واطلب مباشرة.',
    fr: 'Tracteurs, matériel agricole et pièces détachées en Algérie : parcourez le catalogue et commandez directement.',
    en: 'Tractors, farm equipment and spare parts in Algeria: browse the catalogue and order directly.',
  },
  brand: { ar: 'المعدات الفلاحية', fr: 'Matériel Agricole', en: 'Farm Equipment' },
  nav: {
    label: { ar: 'التنقل الرئيسي', fr: 'Navigation principale', en: 'Main navigation' },
    home: { ar: 'الرئيسية', fr: 'Accueil', en: 'Home' },
    products: { ar: 'المنتجات', fr: 'Produits', en: 'Products' },
    about: { ar: 'من نحن', fr: 'À propos', en: 'About us' },
    services: { ar: 'خدماتنا', fr: 'Services', en: 'Services' },
    contact: { ar: 'اتصل بنا', fr: 'Contact', en: 'Contact' },
    menu: { ar: 'القائمة', fr: 'Menu', en: 'Menu' },
  },
  language: {
    label: { ar: 'اللغة', fr: 'Langue', en: 'Language' },
  },
  footer: {
    rights: {
      ar: '© 2025 المعدات الفلاحية. جميع الحقوق محفوظة.',
      fr: '© 2025 Matériel Agricole. Tous droits réservés.',
      en: '© 2025 Farm Equipment. All rights reserved.',
    },
    quickLinks: { ar: 'روابط سريعة', fr: 'Liens rapides', en: 'Quick links' },
    navigation: { ar: 'التنقل', fr: 'Navigation', en: 'Navigation' },
    followUs: { ar: 'تابعونا', fr: 'Suivez-nous', en: 'Follow us' },
    newsletterTitle: { ar: 'النشرة الإخبارية', fr: 'Newsletter', en: 'Newsletter' },
    newsletterText: {
      ar: 'اشترك لتصلك العروض والمنتجات الجديدة.',
      fr: 'Inscrivez-vous pour recevoir nos offres et nouveautés.',
      en: 'Subscribe to hear about offers and new products.',
    },
    newsletterEmail: { ar: 'بريدك الإلكتروني', fr: 'Votre e-mail', en: 'Your e-mail' },
    subscribe: { ar: 'اشترك', fr: "S'abonner", en: 'Subscribe' },
    subscribed: {
      ar: 'شكرًا! تم تسجيل اشتراكك.',
      fr: 'Merci ! Votre inscription est enregistrée.',
      en: 'Thank you! You are subscribed.',
    },
  },
  home: {
    heroTitle: {
      ar: 'شريككم في العتاد الفلاحي',
      fr: 'Votre partenaire en matériel agricole',
      en: 'Your partner in agricultural equipment',
    },
    heroSubtitle: {
      ar: 'جرارات، معدات وقطع غيار لكل الفلاحين في الجزائر',
      fr: 'Tracteurs, équipements et pièces détachées pour tous les agriculteurs d’Algérie',
      en: 'Tractors, equipment and spare parts for every farmer in Algeria',
    },
    viewProducts: { ar: 'تصفح المنتجات', fr: 'Voir les produits', en: 'View products' },
    contactUs: { ar: 'اتصل بنا', fr: 'Contactez-nous', en: 'Contact us' },
    categoriesTitle: { ar: 'فئات المنتجات', fr: 'Catégories de produits', en: 'Product categories' },
    categories: {
      tractors: {
        name: { ar: 'الجرارات', fr: 'Tracteurs', en: 'Tractors' },
        text: { ar: 'جرارات سوناليكا جديدة بأسعار واضحة', fr: 'Tracteurs Sonalika neufs à prix affichés', en: 'New Sonalika tractors with clear prices' },
      },
      spareParts: {
        name: { ar: 'قطع الغيار', fr: 'Pièces détachées', en: 'Spare parts' },
        text: {
          ar: 'قطع للجرارات والشاحنات والمحركات والآلات الفلاحية',
          fr: 'Pièces pour tracteurs, camions, moteurs et machines agricoles',
          en: 'Parts for tractors, trucks, engines and farm machines',
        },
      },
      equipment: {
        name: { ar: 'العتاد الفلاحي', fr: 'Matériel agricole', en: 'Agricultural equipment' },
        text: {
          ar: 'معدات الحرث والزرع والرش والحصاد',
          fr: 'Matériel de travail du sol, semis, pulvérisation et récolte',
          en: 'Equipment for tillage, planting, spraying and harvesting',
        },
      },
      tools: {
        name: { ar: 'الأدوات', fr: 'Outils', en: 'Tools' },
        text: { ar: 'مقطورات، خزانات، رافعات وغيرها', fr: 'Remorques, citernes, grues et plus', en: 'Trailers, tanks, cranes and more' },
      },
      accessories: {
        name: { ar: 'الإكسسوارات', fr: 'Accessoires', en: 'Accessories' },
        text: {
          ar: 'قطع ولوازم لعتادكم الفلاحي',
          fr: 'Pièces et accessoires pour votre matériel agricole',
          en: 'Parts and accessories for your farm equipment',
        },
      },
    },
    aboutTitle: { ar: 'من نحن', fr: 'À propos de nous', en: 'About us' },
    aboutText: {
      ar: 'نرافق الفلاحين منذ أكثر من 25 سنة ببيع العتاد الفلاحي وتوفير قطع الغيار وخدمة ما بعد البيع.',
      fr: 'Nous accompagnons les agriculteurs depuis plus de 25 ans : vente de matériel, pièces détachées et service après-vente.',
      en: 'We have supported farmers for more than 25 years with equipment sales, spare parts and after-sales service.',
    },
    servicesTitle: { ar: 'خدماتنا', fr: 'Nos services', en: 'Our services' },
    services: {
      sales: {
        title: { ar: 'بيع العتاد الفلاحي', fr: 'Vente de matériel', en: 'Equipment sales' },
        text: {
          ar: 'جرارات وعتاد فلاحي جديد من علامات موثوقة.',
          fr: 'Tracteurs et matériel agricole neufs de marques reconnues.',
          en: 'New tractors and farm equipment from trusted brands.',
        },
      },
      parts: {
        title: { ar: 'توفير قطع الغيار', fr: 'Recherche de pièces', en: 'Parts sourcing' },
        text: {
          ar: 'قطع غيار نادرة ومتخصصة لأغلب الآلات الفلاحية.',
          fr: 'Pièces rares et spécialisées pour presque toutes les machines agricoles.',
          en: 'Rare and specialised parts for almost any agricultural machine.',
        },
      },
      support: {
        title: { ar: 'دعم الزبائن', fr: 'Support client', en: 'Customer support' },
        text: {
          ar: 'خدمة ما بعد البيع ونصائح من فريق يعرف الميدان.',
          fr: 'Service après-vente et conseils d’une équipe de terrain.',
          en: 'After-sales service and advice from a team that knows the field.',
        },
      },
    },
    featuredTitle: { ar: 'منتجات مميزة', fr: 'Produits en vedette', en: 'Featured products' },
    viewProduct: { ar: 'عرض المنتج', fr: 'Voir le produit', en: 'View product' },
    productsFailed: {
      ar: 'تعذر تحميل المنتجات',
      fr: 'Impossible de charger les produits',
      en: 'Failed to fetch products',
    },
    contactTitle: { ar: 'اتصل بنا', fr: 'Contactez-nous', en: 'Contact us' },
    contactText: {
      ar: 'زورونا أو اتصلوا بنا، أو اتركوا رسالة وسنرد عليكم.',
      fr: 'Passez nous voir, appelez-nous, ou laissez un message : nous vous répondons.',
      en: 'Visit us, call us, or leave a message and we will answer.',
    },
    address: { ar: 'العنوان', fr: 'Adresse', en: 'Address' },
    phone: { ar: 'الهاتف', fr: 'Téléphone', en: 'Phone' },
    email: { ar: 'البريد الإلكتروني', fr: 'E-mail', en: 'E-mail' },
    openingHours: { ar: 'أوقات العمل', fr: 'Horaires d’ouverture', en: 'Opening hours' },
    mapTitle: { ar: 'موقعنا على الخريطة', fr: 'Notre emplacement sur la carte', en: 'Our location on the map' },
    openMap: { ar: 'فتح الخريطة', fr: 'Ouvrir la carte', en: 'Open the map' },
    messageTitle: { ar: 'أرسل لنا رسالة', fr: 'Envoyez-nous un message', en: 'Send us a message' },
    messageSent: {
      ar: 'تم إرسال رسالتك، سنرد عليك قريبًا.',
      fr: 'Votre message a été envoyé, nous vous répondrons bientôt.',
      en: 'Your message was sent, we will answer soon.',
    },
  },
  tractors: {
    title: { ar: 'الجرارات', fr: 'Tracteurs', en: 'Tractors' },
    description: {
      ar: 'جرارات سوناليكا جديدة بالأسعار بالدينار الجزائري. اطلب مباشرة وسنتصل بك.',
      fr: 'Tracteurs Sonalika neufs, prix en dinars algériens. Commandez en ligne, nous vous rappelons.',
      en: 'New Sonalika tractors, prices in Algerian dinars. Order online and we call you back.',
    },
    order: { ar: 'اطلب الآن', fr: 'Commander', en: 'Order' },
    showDetails: { ar: 'عرض التفاصيل', fr: 'Voir les détails', en: 'Show details' },
    hideDetails: { ar: 'إخفاء التفاصيل', fr: 'Masquer les détails', en: 'Hide details' },
    orderSent: {
      ar: 'تم إرسال طلبك بنجاح! سنتصل بك قريبًا.',
      fr: 'Votre commande a été envoyée avec succès ! Nous vous contacterons bientôt.',
      en: 'Your order was sent successfully! We will contact you soon.',
    },
  },
  thankYou: {
    title: { ar: 'شكرًا لك!', fr: 'Merci !', en: 'Thank you!' },
    text: {
      ar: 'تم استلام طلبك، وسنتصل بك قريبًا.',
      fr: 'Votre commande a bien été reçue, nous vous contacterons bientôt.',
      en: 'Your order has been received, we will contact you soon.',
    },
    goBack: { ar: 'رجوع', fr: 'Retour', en: 'Go Back' },
  },
  formPage: {
    description: {
      ar: 'املأ النموذج وسنتصل بك في أقرب وقت.',
      fr: 'Remplissez le formulaire, nous vous rappelons au plus vite.',
      en: 'Fill in the form and we will call you back soon.',
    },
    notFound: { ar: 'النموذج غير موجود', fr: 'Formulaire introuvable', en: 'Form not found' },
  },
  orderSent: {
    ar: 'تم إرسال طلبك بنجاح!',
    fr: 'Votre commande a été envoyée avec succès !',
    en: 'Your order has been sent successfully!',
  },
  pageLoadFailed: {
    text: {
      ar: 'تعذر تحميل الصفحة. تحقق من اتصالك بالإنترنت وحاول مرة أخرى.',
      fr: 'Impossible de charger la page. Vérifiez votre connexion et réessayez.',
      en: 'The page could not be loaded. Check your connection and try again.',
    },
    retry: { ar: 'إعادة المحاولة', fr: 'Réessayer', en: 'Try again' },
  },
  photoComingSoon: { ar: 'الصورة قريبًا', fr: 'Photo à venir', en: 'Photo coming soon' },
  backToHome: { ar: 'العودة إلى الرئيسية', fr: "Retour à l'accueil", en: 'Back to home' },
  close: { ar: 'إغلاق', fr: 'Fermer', en: 'Close' },
  notFound: {
    title: { ar: 'الصفحة غير موجودة', fr: 'Page introuvable', en: 'Page not found' },
    text: {
      ar: 'الصفحة التي تبحث عنها غير موجودة أو تم نقلها.',
      fr: "La page que vous cherchez n'existe pas ou a été déplacée.",
      en: 'The page you are looking for does not exist or has moved.',
    },
  },
  form: {
    send: { ar: 'إرسال الطلب', fr: 'Envoyer la commande', en: 'Send Order' },
    sending: { ar: 'جاري الإرسال...', fr: 'Envoi en cours...', en: 'Sending...' },
    addAnother: { ar: 'إضافة طلب آخر', fr: 'Ajouter une autre', en: 'Add Another' },
    loading: { ar: 'جاري التحميل...', fr: 'Chargement...', en: 'Loading...' },
    failed: { ar: 'فشل إرسال النموذج', fr: "Échec de l'envoi du formulaire", en: 'Failed to submit form' },
    networkError: {
      ar: 'حدث خطأ. تحقق من اتصالك بالإنترنت وحاول مرة أخرى.',
      fr: 'Une erreur est survenue. Vérifiez votre connexion et réessayez.',
      en: 'An error occurred. Check your connection and try again.',
    },
    loadFailed: {
      ar: 'تعذر تحميل النموذج. تحقق من اتصالك وحاول مرة أخرى.',
      fr: 'Impossible de charger le formulaire. Vérifiez votre connexion et réessayez.',
      en: 'The form could not be loaded. Check your connection and try again.',
    },
    photo: { ar: 'صورة', fr: 'Photo', en: 'Photo' },
    addPhotos: { ar: 'إضافة صور', fr: 'Ajouter des photos', en: 'Add photos' },
    addPhoto: { ar: 'إضافة صورة', fr: 'Ajouter une photo', en: 'Add a photo' },
    removePhoto: { ar: 'حذف الصورة', fr: 'Retirer la photo', en: 'Remove photo' },
    /** The honeypot's label, for the rare reader who meets it without styles. */
    honeypot: { ar: 'اترك هذا الحقل فارغًا', fr: 'Laissez ce champ vide', en: 'Leave this field empty' },
  },
} satisfies TextTree;

/** Document title: "page | site" in the current language. */
export function pageTitle(page: string, site: string): string {
  return page === site ? site : `${page} | ${site}`;
}
