import type { Language, Localized } from '../../shared/languages';

/** Every message the API answers with, in each of the site's languages. */
const messages = {
  missingRequiredFields: {
    ar: 'حقول مطلوبة ناقصة',
    fr: 'Champs obligatoires manquants',
    en: 'Missing required fields',
  },
  invalidFields: {
    ar: 'بعض الحقول غير صالحة',
    fr: 'Certains champs ne sont pas valides',
    en: 'Some fields are not valid',
  },
  formNotFound: {
    ar: 'النموذج غير موجود',
    fr: 'Formulaire introuvable',
    en: 'Form not found',
  },
  routeNotFound: {
    ar: 'العنوان غير موجود',
    fr: 'Adresse introuvable',
    en: 'Not found',
  },
  invalidJson: {
    ar: 'محتوى الطلب ليس بصيغة JSON صالحة',
    fr: "Le contenu de la requête n'est pas un JSON valide",
    en: 'The request body is not valid JSON',
  },
  notJson: {
    ar: 'يجب إرسال الطلب بصيغة JSON',
    fr: 'La requête doit être envoyée en JSON',
    en: 'The request must be sent as JSON',
  },
  bodyTooLarge: {
    ar: 'الطلب كبير جدًا',
    fr: 'La requête est trop volumineuse',
    en: 'The request is too large',
  },
  nestedTooDeep: {
    ar: 'بنية الطلب متداخلة أكثر من اللازم',
    fr: 'La requête est trop imbriquée',
    en: 'The request is nested too deeply',
  },
  invalidSubmission: {
    ar: 'يجب أن يحتوي الطلب على data و submissionId (UUID)',
    fr: 'La requête doit contenir data et un submissionId (UUID)',
    en: 'The request must contain data and a submissionId (UUID)',
  },
  invalidUploadRequest: {
    ar: 'يجب أن يحتوي الطلب على formId و field وقائمة files بها name و type و size لكل ملف',
    fr: 'La requête doit contenir formId, field et une liste files avec name, type et size pour chaque fichier',
    en: 'The request must contain formId, field and a files list with name, type and size for each file',
  },
  notImageField: {
    ar: 'هذا الحقل لا يقبل الصور',
    fr: "Ce champ n'accepte pas de photos",
    en: 'This field does not take photos',
  },
  storeUnavailable: {
    ar: 'تعذر حفظ طلبك الآن. يرجى المحاولة مرة أخرى بعد قليل، ولن يُسجَّل مرتين.',
    fr: "Votre demande n'a pas pu être enregistrée. Veuillez réessayer dans un instant : elle ne sera pas comptée deux fois.",
    en: 'Your request could not be saved just now. Please try again in a moment: it will not be counted twice.',
  },
  submissionIdReused: {
    ar: 'تم استخدام معرّف الإرسال هذا لطلب آخر',
    fr: 'Cet identifiant d’envoi a déjà servi pour une autre commande',
    en: 'This submission id was already used for another order',
  },
  invalidProductFilter: {
    ar: 'يجب أن تتكون الفئة والفئة الفرعية من أحرف لاتينية صغيرة وأرقام وشرطات، 64 حرفًا على الأكثر',
    fr: 'La catégorie et la sous-catégorie doivent être en lettres minuscules, chiffres et tirets, 64 caractères au plus',
    en: 'The category and subcategory must be lower-case letters, digits and hyphens, 64 characters at most',
  },
  subcategoryWithoutCategory: {
    ar: 'لا يمكن تحديد الفئة الفرعية دون الفئة',
    fr: 'Une sous-catégorie ne peut être donnée sans catégorie',
    en: 'A subcategory cannot be given without a category',
  },
  forbidden: {
    ar: 'ليست لديك صلاحية القيام بهذا',
    fr: "Vous n'avez pas le droit de faire cela",
    en: 'You are not allowed to do this',
  },
  orderNotFound: {
    ar: 'الطلب غير موجود',
    fr: 'Demande introuvable',
    en: 'Order not found',
  },
  staleVersion: {
    ar: 'غيّر شخص آخر هذا الطلب منذ أن فتحته. راجع التغييرات ثم أعد المحاولة.',
    fr: "Quelqu'un d'autre a modifié cette demande depuis que vous l'avez ouverte. Vérifiez ses changements, puis recommencez.",
    en: 'Someone else changed this order since you opened it. Check their changes, then try again.',
  },
  deliveryInProgress: {
    ar: 'يجري إرسال هذا الطلب الآن. أعد المحاولة بعد لحظة.',
    fr: "Cette demande est en cours d'envoi. Réessayez dans un instant.",
    en: 'This order is being sent right now. Try again in a moment.',
  },
  alreadyDelivered: {
    ar: 'تم إرسال هذا الطلب بالفعل',
    fr: 'Cette demande a déjà été envoyée',
    en: 'This order was already delivered',
  },
  invalidOrderUpdate: {
    ar: 'يجب أن يحتوي التعديل على version وتغيير واحد على الأقل: status أو read أو resend، أو contacted أو undoContact وحده (تُضاف الملاحظات واحدة بعد أخرى)',
    fr: 'La modification doit contenir version et au moins un changement : status, read ou resend ; ou bien contacted ou undoContact seul (les notes s’ajoutent une à une)',
    en: 'The update must contain version and at least one change: status, read or resend; or contacted or undoContact alone (notes are added one by one)',
  },
  orderDeleted: {
    ar: 'حُذف هذا الطلب بطلب من الفلاح. لم يبقَ منه إلا من حذفه ومتى.',
    fr: 'Cette demande a été supprimée à la demande de l’agriculteur. Il n’en reste que qui l’a supprimée et quand.',
    en: 'This order was deleted at the farmer’s request. All that stays is who deleted it and when.',
  },
  invalidLabels: {
    ar: 'التسميات: 10 على الأكثر، كل واحدة من 1 إلى 30 حرفًا في سطر واحد، بلا رموز تحكم',
    fr: 'Étiquettes : 10 au plus, chacune de 1 à 30 caractères sur une ligne, sans caractères de contrôle',
    en: 'Labels: at most 10, each 1 to 30 characters on one line, without control characters',
  },
  unknownStaff: {
    ar: 'لا يوجد موظف بهذا البريد الإلكتروني: اختر من قائمة الموظفين',
    fr: 'Aucun membre du personnel n’a cet e-mail : choisissez dans la liste du personnel',
    en: 'No staff member has this e-mail: choose from the staff list',
  },
  invalidNote: {
    ar: 'الملاحظة فارغة أو طويلة جدًا (2000 حرف على الأكثر) أو تحتوي على رموز تحكم',
    fr: 'La note est vide, trop longue (2 000 caractères au plus) ou contient des caractères de contrôle',
    en: 'The note is empty, too long (2,000 characters at most) or contains control characters',
  },
  nothingToUndo: {
    ar: 'لا يوجد اتصال قمت به للتوّ بهذا الطلب للتراجع عنه: تغيّر الطلب منذ ذلك الحين.',
    fr: 'Aucun contact que vous venez de noter sur cette demande à annuler : elle a changé depuis.',
    en: 'There is no contact you just recorded on this order to undo: it has changed since.',
  },
  invalidReplyTemplates: {
    ar: 'يجب أن يحتوي الطلب على templates بنص غير فارغ لكل لغة (ar و fr و en)، 1000 حرف على الأكثر',
    fr: 'La requête doit contenir templates avec un texte non vide par langue (ar, fr, en), de 1 000 caractères au plus',
    en: 'The request must contain templates with a non-empty text for each language (ar, fr, en), of 1,000 characters at most',
  },
  invalidBulkStatus: {
    ar: 'يجب أن يحتوي الطلب على status وقائمة orders من 1 إلى 25 طلبًا، لكل منها orderId و version',
    fr: 'La requête doit contenir status et une liste orders de 1 à 25 demandes, chacune avec orderId et version',
    en: 'The request must contain status and an orders list of 1 to 25 orders, each with orderId and version',
  },
  invalidExport: {
    ar: 'يجب أن يحتوي الطلب على format (csv أو xlsx) وقائمة orderIds من 1 إلى 500 طلب',
    fr: 'La requête doit contenir format (csv ou xlsx) et une liste orderIds de 1 à 500 demandes',
    en: 'The request must contain format (csv or xlsx) and an orderIds list of 1 to 500 orders',
  },
  invalidOrderFilter: {
    ar: 'عامل تصفية غير صالح',
    fr: 'Filtre non valide',
    en: 'Invalid filter',
  },
  searchTooShort: {
    ar: 'اكتب حرفين أو رقمين على الأقل للبحث.',
    fr: 'Tapez au moins deux lettres ou chiffres pour chercher.',
    en: 'Type at least two letters or digits to search.',
  },
  searchTooLong: {
    ar: 'البحث طويل جدًا: 200 حرف على الأكثر.',
    fr: 'La recherche est trop longue : 200 caractères au plus.',
    en: 'The search is too long: 200 characters at most.',
  },
  invalidSort: {
    ar: 'ترتيب غير معروف. رتّب حسب التاريخ أو الحالة أو الولاية أو النموذج.',
    fr: 'Tri inconnu. Triez par date, statut, wilaya ou formulaire.',
    en: 'Unknown sort. Sort by date, status, wilaya or form.',
  },
  unknownColumn: {
    ar: 'عمود غير معروف في هذه القائمة. اختر الأعمدة من القائمة.',
    fr: 'Colonne inconnue dans cette liste. Choisissez les colonnes parmi celles proposées.',
    en: 'Unknown column for this list. Choose among the columns offered.',
  },
  tooManyToSort: {
    ar: 'نتائج البحث كثيرة جدًا لترتيبها (500 على الأكثر). أضف كلمة أو عامل تصفية، أو رتّب من الأحدث.',
    fr: 'Trop de résultats pour les trier (500 au plus). Ajoutez un mot ou un filtre, ou triez du plus récent.',
    en: 'Too many results to sort (500 at most). Add a word or a filter, or sort newest first.',
  },
  invalidCursor: {
    ar: 'رابط الصفحة التالية غير صالح. أعد تحميل القائمة.',
    fr: 'Le lien vers la page suivante n’est pas valide. Rechargez la liste.',
    en: 'The next-page link is not valid. Reload the list.',
  },
  exportTooLarge: {
    ar: 'عدد الطلبات كبير جدًا للتصدير. ضيّق نطاق التصفية (التاريخ مثلًا).',
    fr: "Trop de demandes pour un export. Resserrez le filtre (les dates, par exemple).",
    en: 'Too many orders for one export. Narrow the filter (the dates, for example).',
  },
  productCreateFailed: {
    ar: 'تعذر إنشاء المنتج',
    fr: 'Échec de la création du produit',
    en: 'Failed to create product',
  },
  productUpdateFailed: {
    ar: 'تعذر تحديث المنتج',
    fr: 'Échec de la mise à jour du produit',
    en: 'Failed to update product',
  },
  productDeleteFailed: {
    ar: 'تعذر حذف المنتج',
    fr: 'Échec de la suppression du produit',
    en: 'Failed to delete product',
  },
  productNotFound: {
    ar: 'المنتج غير موجود',
    fr: 'Produit introuvable',
    en: 'Product not found',
  },
  pictureNotFound: {
    ar: 'الصورة المختارة غير موجودة في مكتبة الصور',
    fr: "L'image choisie n'est pas dans la médiathèque",
    en: 'The chosen picture is not in the media library',
  },
  invalidMediaRequest: {
    ar: 'طلب غير صالح لمكتبة الصور',
    fr: 'Requête non valide pour la médiathèque',
    en: 'Invalid media library request',
  },
  mediaNotUploaded: {
    ar: 'لم يتم العثور على الصورة المرفوعة أو أنها ليست صورة مقبولة. ارفعها من جديد.',
    fr: "L'image envoyée est introuvable ou n'est pas une image acceptée. Envoyez-la à nouveau.",
    en: 'The uploaded picture was not found or is not an accepted picture. Upload it again.',
  },
  mediaNotFound: {
    ar: 'الصورة غير موجودة',
    fr: 'Image introuvable',
    en: 'Picture not found',
  },
  mediaInUse: {
    ar: 'لا يمكن حذف هذه الصورة لأنها مستعملة. غيّر الصورة حيث تظهر أولًا.',
    fr: 'Cette image est utilisée : changez d’abord l’image là où elle apparaît.',
    en: 'This picture is in use: change the picture where it shows first.',
  },
  draftChanged: {
    ar: 'حفظ زميل المسودة في الأثناء، فلم يُحفظ شيء: أعد تحميل الصفحة لترى تعديلاته، ثم أعد تعديلاتك.',
    fr: 'Un collègue a enregistré le brouillon entre-temps, rien n’a été enregistré : rechargez la page pour voir ses changements, puis refaites les vôtres.',
    en: 'A colleague saved the draft meanwhile, so nothing was saved: reload the page to see their changes, then make yours again.',
  },
  draftChangedBeforePublish: {
    ar: 'حفظ زميل المسودة في الأثناء، فلم يُنشر شيء: أعد تحميل الصفحة لترى تعديلاته قبل النشر.',
    fr: 'Un collègue a enregistré le brouillon entre-temps, rien n’a été publié : rechargez la page pour voir ses changements avant de publier.',
    en: 'A colleague saved the draft meanwhile, so nothing was published: reload the page to see their changes before publishing.',
  },
  invalidContent: {
    ar: 'بعض التعديلات غير صالحة، ولم يُحفظ شيء',
    fr: 'Certaines modifications ne sont pas valides : rien n’a été enregistré',
    en: 'Some changes are not valid: nothing was saved',
  },
  publishUnavailable: {
    ar: 'النشر غير متاح هنا، والموقع لم يتغير',
    fr: 'La publication n’est pas disponible ici : le site n’a pas changé',
    en: 'Publishing is not available here: the site has not changed',
  },
  publishRunning: {
    ar: 'نشر آخر جارٍ الآن. انتظر حتى ينتهي ثم أعد المحاولة.',
    fr: 'Une autre publication est en cours : attendez qu’elle se termine, puis réessayez.',
    en: 'Another publish is running: wait until it ends, then try again.',
  },
  publishNotStarted: {
    ar: 'تعذّر بدء النشر، والموقع لم يتغير. أعد المحاولة بعد قليل.',
    fr: 'La publication n’a pas pu démarrer : le site n’a pas changé. Réessayez dans un instant.',
    en: 'The publish could not start: the site has not changed. Try again in a moment.',
  },
  publishNotFound: {
    ar: 'هذا النشر غير موجود',
    fr: 'Publication introuvable',
    en: 'Publish not found',
  },
  invalidPushSubscription: {
    ar: 'لم يرسل هذا الجهاز اشتراكًا صالحًا في الإشعارات، أو أن ساعات الهدوء غير صحيحة: لم يُحفظ شيء.',
    fr: 'Cet appareil n’a pas envoyé un abonnement aux notifications valable, ou les heures de silence ne sont pas correctes : rien n’a été enregistré.',
    en: 'This device did not send a valid notification subscription, or the quiet hours are not right: nothing was saved.',
  },
  pushDeviceNotFound: {
    ar: 'الإشعارات غير مفعّلة على هذا الجهاز',
    fr: 'Les notifications ne sont pas activées sur cet appareil',
    en: 'Notifications are not on for this device',
  },
  pushUnavailable: {
    ar: 'الإشعارات على الهاتف غير متاحة هنا',
    fr: 'Les notifications sur téléphone ne sont pas disponibles ici',
    en: 'Phone notifications are not available here',
  },
  tooManyRequests: {
    ar: 'وصلتنا طلبات كثيرة من اتصالك في وقت قصير. يرجى الانتظار دقيقة ثم المحاولة مرة أخرى.',
    fr: 'Trop de demandes envoyées depuis votre connexion en peu de temps. Veuillez patienter une minute, puis réessayer.',
    en: 'Too many requests from your connection in a short time. Please wait a minute, then try again.',
  },
  internalError: {
    ar: 'حدث خطأ',
    fr: 'Une erreur est survenue',
    en: 'An error occurred',
  },
} satisfies Record<string, Localized>;

export type MessageKey = keyof typeof messages;

export function message(key: MessageKey, language: Language): string {
  return messages[key][language];
}
