import type { Language, Localized } from './languages';
import type { ApiError, FileDescription, PresignedUpload } from './api';
import type { CatalogueListKey } from './catalogue/lists';
import type { ContentChange } from './content/changes';
import type { ContentOverrides } from './content/model';
import type { TextEntry } from './content/texts';
import type { Product } from './products';
import type {
  CheckReason,
  ContactChannel,
  Delivery,
  StaffDeliveryKind,
  DeliveryState,
  HistoryEntry,
  SpamReason,
  StaffNote,
  SubmissionStatus,
} from './submissions';
import type { SubmissionList } from './submission-lists';
import type { QuietHours } from './push-notifications';

/**
 * The staff admin's API, `/api/admin/*`: every request and answer, for the
 * admin pages and the handlers alike (docs/decisions/0010-the-admin-api.md).
 *
 * Signing in: the pages read {@link AdminConfig} from `GET /admin/config.json`,
 * sign in with Amplify (`USER_PASSWORD_AUTH`, decision 4) and send the Cognito
 * **access** token as `Authorization: Bearer <token>` on every call. Users
 * made by `npm run staff:add` first sign in with a temporary password: Amplify
 * then asks for a new one (`CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED`).
 * Staff with an authenticator app type its code next
 * (`CONFIRM_SIGN_IN_WITH_TOTP_CODE`); the groups {@link AdminConfig}'s
 * `mfaRequiredFor` names set one up before any page.
 * Locally, token refresh needs a REFRESH_TOKEN_AUTH refresher (cognito-local
 * lacks the call Amplify makes; see the toolchain notes).
 *
 * Every route answers:
 * - 401 `{ "message": "Unauthorized" }` (API Gateway's own answer) for a
 *   missing, expired, tampered or foreign token: sign in again;
 * - 403 {@link ApiError} `forbidden` when the user lacks the route's group:
 *   `staff` for every route, and `admin` as well for product and media writes;
 * - 4xx {@link ApiError} otherwise, with `error` in the language of the
 *   `Accept-Language` header (ar, fr, en; Arabic by default).
 */

export type { ApiError };

/** Where the admin pages live: `/admin` and every path below it serve the admin's page (web/admin). */
export const adminPath = '/admin';

/** Where the admin pages read {@link AdminConfig}: a static file next to the site, written per environment. */
export const adminConfigPath = '/admin/config.json';

/** `GET /admin/config.json` (a static file, not under /api): what Amplify needs, per environment. */
export interface AdminConfig {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** Set locally only: cognito-local's address, Amplify's `userPoolEndpoint`. */
  userPoolEndpoint?: string;
  /**
   * The groups whose members must sign in with an authenticator app's code
   * (TOTP MFA), set up on first sign-in: `admin` in AWS; none locally, where
   * the seeded admin signs in with a password (docs/decisions/0023).
   */
  mfaRequiredFor?: string[];
}

// ---------------------------------------------------------------------------
// GET /api/admin/me

export interface StaffMember {
  /** The Cognito user name (a UUID in AWS). */
  username: string;
  /** Shown in histories as who changed what. */
  email: string;
  /** Cognito groups: `staff`, and `admin` for those who may change products and media. */
  groups: string[];
}

/** 200 `GET /api/admin/me`. */
export type MeResponse = StaffMember;

// ---------------------------------------------------------------------------
// Orders: every submission of every form (docs/decisions/0008-the-submission-record.md)

/**
 * Query string of `GET /api/admin/orders` and `GET /api/admin/orders/export`.
 * All optional; combined with AND.
 */
export interface OrderFilter {
  /**
   * Words to search for in the farmers' names, phones, items, every text they
   * wrote and the staff's notes, however they are typed (case, accents,
   * Arabic letter forms and diacritics, Arabic-Indic digits): each word
   * matches the beginning of a word; a number of 6 digits or more typed like
   * a phone matches the beginning of a phone number, in any spelling. At most
   * 200 characters (400 `searchTooLong`); a word of two letters or digits at
   * least (400 `searchTooShort`); nothing searchable (only punctuation)
   * answers no orders (docs/decisions/0022-the-dealers-inbox.md).
   */
  q?: string;
  /** `inbox` (default: orders and messages) or `subscriptions` (the newsletter). */
  list?: SubmissionList;
  /** A form id, e.g. `tractor-order`. */
  form?: string;
  /** Without it every status but `spam` is listed. */
  status?: SubmissionStatus;
  /** As stored, e.g. `Setif` (the wilaya enum of form-schemas/definitions.json). */
  wilaya?: string;
  /** Any spelling of a number: spaces, dashes, a leading 0, +213 or 00213 are ignored. */
  phone?: string;
  /**
   * Time range of `createdAt`: `from` inclusive, `to` exclusive, as ISO
   * instants (`2026-11-01T00:00:00+01:00`, the staff's local midnight) or
   * dates (`2026-11-01`: midnight UTC; a date `to` includes that whole day).
   */
  from?: string;
  to?: string;
  /** `false` for unread only, `true` for read only. */
  read?: 'true' | 'false';
  /** `needsStaff`: only the orders a destination refused on their own (the sheet's relay), waiting for staff. */
  delivery?: 'needsStaff';
  /** The orders given to this staff member (e-mail), or `me`: to the caller. */
  assignee?: string;
  /** `true`: the archived orders only; without it, archived orders are left out. */
  archived?: 'true';
  /** The orders with this label. */
  label?: string;
  /** `true`: only the orders {@link AdminOrder.waiting} marks (new ones waiting too long); with another `status`, 400. */
  waiting?: 'true';
}

/** Query string of `GET /api/admin/orders`. */
export interface OrderPageQuery extends OrderFilter {
  /** The previous page's `nextCursor`, unchanged, with the same filters (else 400 `invalidCursor`). */
  cursor?: string;
  /** Orders per page, 1–100, default 50. */
  limit?: string;
  /** {@link OrderSort}, `newest` by default; any other value is refused (400 `invalidSort`). */
  sort?: OrderSort;
  /**
   * The columns to show, their keys joined by commas (`date,name,status`),
   * among the page's {@link OrderColumn}s; a key not among them is refused
   * (400 `unknownColumn`, naming it). Without it, the view's usual columns.
   */
  columns?: string;
}

/**
 * How the inbox is sorted (docs/decisions/0022-the-dealers-inbox.md, "Sort
 * and columns"): by date, newest or oldest first; or by status (in the
 * workflow's order), wilaya (by number) or form (by title), newest first
 * within each. With a search, the last four sort at most 500 matches (400
 * `tooManyToSort` beyond).
 */
export const orderSorts = ['newest', 'oldest', 'status', 'wilaya', 'form'] as const;
export type OrderSort = (typeof orderSorts)[number];

/**
 * A column of the inbox's table on a desk. The list's own columns are
 * `date`, `form`, `name`, `phone`, `wilaya`, `item`, `status` and `delivery`;
 * when the filter names one form, its view's columns are that form's fields
 * in the order of its sheet (the date where the sheet has it), then `status`
 * and `delivery`.
 */
export interface OrderColumn {
  key: string;
  /** Its heading in the staff member's language. */
  label: string;
  shown: boolean;
  /** A field of the form: its cell is the order's field of this name. */
  field?: string;
  /** Its cells are phone numbers (written left to right). */
  phone?: true;
  /** Its cells name the order and link to its page: one column of each view, always shown. */
  opensOrder?: true;
}

/** A form field of an order, labelled in the staff member's language, in the form's order. */
export interface OrderField {
  name: string;
  /** The field's `x-label` in the staff's language. */
  label: string;
  /** As submitted (photo fields: a list of URLs). */
  value: unknown;
  /** The value as text: option labels in the staff's language, lists joined by ", ". */
  text: string;
  /** `photos`: `value` is a list of picture URLs on the site's origin (show them as thumbnails). */
  kind: 'text' | 'photos';
}

/** A delivery as staff see it: its state, attempts and last error. */
export type OrderDelivery = Delivery;

/**
 * An order (any submission) as staff see it. The list leaves `history` out;
 * `GET /api/admin/orders/{orderId}` has it.
 */
export interface AdminOrder {
  orderId: string;
  formId: string;
  /** The form's title in the staff's language. */
  formTitle: string;
  list: SubmissionList;
  /** ISO time the visitor sent it. */
  createdAt: string;
  /** The visitor's language. */
  language: Language;
  status: SubmissionStatus;
  read: boolean;
  /** The staff's notes, oldest first, each with who wrote it and when (an order's single note from before the thread comes first). */
  notes: StaffNote[];
  /** The staff member it is given to (e-mail); absent while nobody is. */
  assignee?: string;
  /** Out of the inbox, found with the `archived` filter. */
  archived?: true;
  /** Short labels staff put on it; absent while it has none. */
  labels?: string[];
  /** Send it back with every change: a change made on an older version is refused (409). */
  version: number;
  /** Name, phone and wilaya, whatever the form calls those fields. */
  contact: { name?: string; phone?: string; wilaya?: string };
  /** What the farmer asked about, in the farmer's language: the catalogue entry the form was opened from, or else the form's title. */
  item: string;
  fields: OrderField[];
  /** The sheet row as delivered (formula-safe cells), and its sheet key. */
  sheet: string;
  row: string[];
  /** What each cell of `row` is, in the sheet's order; absent when the order's form is gone. */
  sheetCells?: SheetCell[];
  deliveries: Partial<Record<StaffDeliveryKind, OrderDelivery>>;
  /** Why it was taken for a bot's (it is `spam` and was not delivered). */
  spam?: { reason: SpamReason };
  /** Why staff should look twice at it (it was delivered as usual). */
  check?: { reason: CheckReason };
  /** Oldest first. Only in `GET /api/admin/orders/{orderId}` and in update answers. */
  history?: HistoryEntry[];
  /** New, and nobody has answered it for longer than the set time of opening hours ({@link OrderCounts}). */
  waiting?: true;
}

/** A cell of an order's sheet row as staff read it (lambdas/submissions/sheet-columns.ts). */
export interface SheetCell {
  /** Its column's label in the staff's language: the field's, "Date" for the time sent, "Order id" for the reference. */
  label: string;
  /** A list value (a wilaya, a part's place) in the staff's language, when the cell, as sent, says it otherwise. */
  text?: string;
  /** `time`: the cell is the ISO time the order was sent. */
  kind?: 'time';
}

/** 200 `GET /api/admin/orders`: newest first, or as `sort` says. */
export interface OrderPage {
  orders: AdminOrder[];
  /** Every column the view has, in its order, each shown or not (`columns=`). */
  columns: OrderColumn[];
  /**
   * Present while more orders may follow: pass it as `cursor` with the same
   * filters. A page can hold fewer than `limit` orders (even none) and still
   * have a `nextCursor`: keep asking while it is there.
   */
  nextCursor?: string;
}

/** 200 `GET /api/admin/orders/counts`: the badge numbers. */
export interface OrderCounts {
  /** Inbox orders with status `new`. */
  new: number;
  /** Submissions with a delivery not sent yet (pending or failing). */
  undelivered: number;
  /** Submissions whose row the sheet refused on its own: staff look at them and send them again. */
  needsStaff: number;
  /** New orders nobody has answered for longer than `waitingAfterMinutes` of the dealer's opening hours. */
  waiting: number;
  waitingAfterMinutes: number;
}

/**
 * 200 `GET /api/admin/orders/stats`: the dashboard's figures of the inbox
 * (orders and messages, never spam), Algiers time, weeks from Saturday
 * (docs/decisions/0022-the-dealers-inbox.md).
 */
export interface OrderStats {
  /** The last 30 days, oldest first, `YYYY-MM-DD`; the last is today. */
  days: string[];
  /** Orders per day of each form that had some, in the order of `days`; most orders first. */
  forms: { formId: string; title: string; counts: number[] }[];
  /** The five wilayas most orders of the 30 days came from, most first, labelled in the staff's language. */
  wilayas: { wilaya: string; label: string; count: number }[];
  /** Orders of the 30 days now won, and lost. */
  outcomes: { won: number; lost: number };
  /** Time from an order to its first contact (a reply button used, or its status moved on from new), in minutes of opening hours. */
  responseTimes: { thisWeek: ResponseTimes; lastWeek: ResponseTimes };
}

/** The response times of the orders sent in one week (from Saturday, `from`). */
export interface ResponseTimes {
  from: string;
  answered: number;
  /** Sent that week and not answered yet: not in the times. */
  unanswered: number;
  /** Absent when no order of the week was answered. */
  medianMinutes?: number;
  p90Minutes?: number;
}

/** 200 `GET /api/admin/orders/{orderId}` (404 `orderNotFound`). */
export interface OrderResponse {
  order: AdminOrder;
}

/**
 * `PATCH /api/admin/orders/{orderId}`: at least one change, and the
 * `version` the staff member saw. Answers 200 {@link OrderResponse} with the
 * new version and one new history entry; 409 {@link StaleOrderError} when
 * someone changed it first; 409 `deliveryInProgress` when a resent delivery
 * is being sent at that moment (try again in a moment); 409 `alreadyDelivered`
 * when a delivery to resend was already sent.
 */
export interface OrderUpdate {
  status?: SubmissionStatus;
  read?: boolean;
  /** Gives the order to a staff member of {@link StaffListResponse} (e-mail), "" to nobody; another answers 400 `unknownStaff`. */
  assignee?: string;
  /** Takes the order out of the inbox (`true`) or puts it back (`false`). */
  archived?: boolean;
  /** The order's labels, all of them (`[]` for none): at most {@link maxLabels}, each 1 to {@link maxLabelLength} characters without control characters (400 `invalidLabels`). */
  labels?: string[];
  /** "Send again": these undelivered deliveries are tried at once. */
  resend?: StaffDeliveryKind[];
  /** The farmer was just answered this way: recorded in the history; a `new` order becomes `contacted`. Alone in its update. */
  contacted?: ContactChannel;
  /** Takes back the caller's contact that is the order's last change (and its status change). Alone in its update. */
  undoContact?: true;
  version: number;
}

/**
 * `POST /api/admin/orders/{orderId}/notes`: adds a note to the order's
 * thread, signed with the caller's e-mail and the time, whatever the order's
 * version (a note overwrites nothing: two staff writing at once both keep
 * theirs). Answers 201 {@link OrderResponse}; 400 `invalidNote` for an empty
 * note, one over {@link maxNoteLength} characters or with control characters
 * (line breaks and tabs are fine); 404 `orderNotFound`. Its words are searched.
 */
export interface NewNote {
  text: string;
}

/** The longest note, in characters. */
export const maxNoteLength = 2_000;

export const maxLabels = 10;
export const maxLabelLength = 30;

/** 200 `GET /api/admin/orders/labels`: every label staff have used, to choose from. */
export interface OrderLabelsResponse {
  labels: string[];
}

/** 200 `GET /api/admin/orders/staff`: the staff an order can be given to (the user pool's `staff` group), by e-mail. */
export interface StaffListResponse {
  staff: { email: string }[];
}

/**
 * 200 `GET /api/admin/orders/reply-templates` (staff) and
 * `PUT /api/admin/orders/reply-templates` with {@link ReplyTemplatesUpdate}
 * (admins): the message an SMS or WhatsApp answer starts with, in the
 * farmer's language (shared/reply-templates.ts). A template naming an
 * unknown placeholder is refused: 400 `unknownPlaceholder` with `placeholder`.
 */
export interface ReplyTemplatesResponse {
  templates: Localized;
  /** As shipped: what "Restore the default" puts back. */
  defaults: Localized;
  /** The dealer's name and main phone as the live site shows them, for {dealerName} and {dealerPhone}. */
  dealer: { name: Localized; phone: string };
  /** Who saved the templates last, and when; absent while they are the defaults. */
  saved?: { at: string; by: string };
}

export interface ReplyTemplatesUpdate {
  templates: Localized;
}

/** 409 `staleVersion`: the order as it is now, to show the staff member before they try again. */
export interface StaleOrderError extends ApiError {
  code: 'staleVersion';
  order: AdminOrder;
}

/** `POST /api/admin/orders/status`: one status for 1 to 25 orders, each with the version seen. */
export interface BulkStatusRequest {
  status: SubmissionStatus;
  orders: { orderId: string; version: number }[];
}

/** 200 `POST /api/admin/orders/status`: one result per order, in the request's order. */
export interface BulkStatusResponse {
  results: (
    | { orderId: string; outcome: 'updated'; order: AdminOrder }
    | { orderId: string; outcome: 'stale'; order: AdminOrder }
    | { orderId: string; outcome: 'notFound' }
  )[];
}

/** An export's file: a CSV (UTF-8 with BOM, RFC 4180, formula-safe cells) or an Excel workbook. */
export const exportFormats = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof exportFormats)[number];

/**
 * 200 `GET /api/admin/orders/export?<OrderFilter>&format=csv|xlsx` (csv by
 * default), or `POST /api/admin/orders/export` {@link SelectedOrdersExport}:
 * the orders as a file written on the server and handed over as a
 * short-lived link: navigate to `downloadUrl` (it answers with
 * `Content-Disposition: attachment`). One sheet per form (in the CSV, one
 * after another, each after its title when there are several; in the
 * workbook, a worksheet each), whose columns are the farmer's name, phone,
 * wilaya, the item, then the form's other fields in its sheet's order, the
 * date (Algiers time), status and note, and the order id last, headed in the
 * staff's language. Phones are text, dates are dates, photos are links.
 * 413 `exportTooLarge` beyond 50,000 orders.
 */
export interface ExportResponse {
  downloadUrl: string;
  /** When the link stops working (a few minutes). */
  expiresAt: string;
  filename: string;
  rows: number;
}

// ---------------------------------------------------------------------------
// Products (spec 000 "Product"): the editor is a form of shared/product-schema.json

/**
 * What the product editor sends: the data of shared/product-schema.json (the
 * API validates it with that schema). `pictureId` is a media item's id
 * (`GET /api/admin/media`); the API fills in its `pictureUrl`.
 */
export type ProductInput = Omit<Product, 'productId' | 'createdAt' | 'pictureUrl' | 'available'> & { available: boolean };

/**
 * `GET /api/admin/products[?category=…[&subcategory=…]]`: 200 {@link ProductList}, newest first (at most 100).
 * `POST /api/admin/products` {@link ProductInput}: 201 {@link ProductResponse}.
 * `PUT /api/admin/products/{productId}` {@link ProductInput}: 200 {@link ProductResponse}.
 * `DELETE /api/admin/products/{productId}`: 204.
 * Failures: 400/404 with `error` "Failed to create product" / "Failed to
 * update product" / "Failed to delete product" (in the staff's language),
 * `reason` saying why, and `fields` (as the order forms' 400s) for invalid data.
 */
export interface ProductList {
  products: AdminProduct[];
}

/**
 * A product as staff see it: one showing a catalogue entry has the entry's
 * published name, price, availability and photo, as the site shows them,
 * and says what the draft would change.
 */
export interface AdminProduct extends Product {
  entry?: {
    /** The entry by its place in the catalogue: "Tractors › DI75 4x2". */
    label: Localized;
    /** Hidden on the site, or gone from the catalogue: the site does not list the product. */
    hidden: boolean;
    /** The draft's values where they differ from the published ones: what the next publish changes. */
    draft?: { name?: Localized; priceDzd?: number; available?: boolean; hidden?: boolean };
  };
}

export interface ProductResponse {
  product: Product;
}

// ---------------------------------------------------------------------------
// Media: pictures for the products, served on the site's origin under /media/

export interface MediaItem {
  mediaId: string;
  /** Its path on the site's origin, `/media/<mediaId>.<ext>`: whichever name the site is opened at, it shows (shared/site-address.ts). */
  url: string;
  contentType: string;
  /** Bytes. */
  size: number;
  /** The file name it was uploaded with. */
  name: string;
  /** Alternative text per language ("" until written). */
  alt: Localized;
  createdAt: string;
  /** Who uploaded it (e-mail). */
  createdBy: string;
}

/**
 * `POST /api/admin/media/uploads`: 1 to 10 pictures to upload (JPEG, PNG,
 * GIF or WebP, at most 10 MB each, shrunk in the browser first like the
 * order forms' photos). Answers 201 {@link MediaUploadsResponse}.
 */
export interface MediaUploadsRequest {
  files: FileDescription[];
}

/**
 * One presigned upload per file, in the request's order: PUT the file to
 * `uploadUrl` with `headers` (same shape as `POST /api/uploads`, so the order
 * forms' upload code works as is), then register it with `POST /api/admin/media`.
 */
export interface MediaUploadsResponse {
  uploads: (PresignedUpload & { mediaId: string })[];
}

/**
 * `POST /api/admin/media` after the PUT: the API checks the stored file
 * (type, size) and answers 201 {@link MediaResponse}; 400 `mediaNotUploaded`
 * when the file is not there or not an accepted picture. Sending it again
 * answers the same item (200).
 */
export interface MediaRegistration {
  /** The upload's `publicUrl` (or the picture's path on the site, `/media/<mediaId>.<ext>`). */
  url: string;
  /** The file name, shown in the library. */
  name: string;
  alt?: Partial<Localized>;
}

/** `GET /api/admin/media[?cursor=…]`: newest first, 60 a page. */
export interface MediaPage {
  items: MediaItem[];
  nextCursor?: string;
}

/** `PATCH /api/admin/media/{mediaId}`: the alternative texts to change. Answers 200 {@link MediaResponse}. */
export interface MediaUpdate {
  alt: Partial<Localized>;
}

export interface MediaResponse {
  item: MediaItem;
}

/**
 * 409 `mediaInUse` from `DELETE /api/admin/media/{mediaId}` (otherwise 204):
 * the products showing the picture, and whether the catalogue does (its
 * draft or its live pages), to be changed first.
 */
export interface MediaInUseError extends ApiError {
  code: 'mediaInUse';
  products: { productId: string; name: Localized }[];
  catalogue: boolean;
}

// ---------------------------------------------------------------------------
// Words the admin pages and the CSV export share

export const orderStatusLabels: Record<SubmissionStatus, Localized> = {
  new: { ar: 'جديد', fr: 'Nouveau', en: 'New' },
  contacted: { ar: 'تم الاتصال', fr: 'Contacté', en: 'Contacted' },
  quoted: { ar: 'تم إرسال العرض', fr: 'Devis envoyé', en: 'Quoted' },
  won: { ar: 'تم البيع', fr: 'Gagné', en: 'Won' },
  lost: { ar: 'خسارة', fr: 'Perdu', en: 'Lost' },
  spam: { ar: 'رسالة مزعجة', fr: 'Indésirable', en: 'Spam' },
};

export const deliveryStateLabels: Record<DeliveryState, Localized> = {
  pending: { ar: 'قيد الإرسال', fr: 'En attente', en: 'Pending' },
  sent: { ar: 'تم الإرسال', fr: 'Envoyé', en: 'Sent' },
  failing: { ar: 'فشل الإرسال', fr: 'En échec', en: 'Failing' },
  needsStaff: { ar: 'رفضه الجدول: يحتاج إلى مراجعة', fr: 'Refusé par la feuille : à vérifier', en: 'Refused by the sheet: needs a look' },
};

export const deliveryKindLabels: Record<StaffDeliveryKind, Localized> = {
  sheet: { ar: 'جدول البيانات', fr: 'Feuille de calcul', en: 'Spreadsheet' },
  email: { ar: 'البريد الإلكتروني', fr: 'E-mail', en: 'E-mail' },
};

export const contactChannelLabels: Record<ContactChannel, Localized> = {
  call: { ar: 'اتصال هاتفي', fr: 'Appel', en: 'Call' },
  sms: { ar: 'رسالة قصيرة', fr: 'SMS', en: 'SMS' },
  whatsapp: { ar: 'واتساب', fr: 'WhatsApp', en: 'WhatsApp' },
};

/** `POST /api/admin/orders/export`: the orders staff selected, 1 to 500, as one file (400 `invalidExport` otherwise). */
export interface SelectedOrdersExport {
  orderIds: string[];
  format: ExportFormat;
}

/** Column titles of the exports besides the forms' own field labels. */
export const exportColumnLabels = {
  form: { ar: 'النموذج', fr: 'Formulaire', en: 'Form' },
  createdAt: { ar: 'التاريخ', fr: 'Date', en: 'Date' },
  status: { ar: 'الحالة', fr: 'Statut', en: 'Status' },
  note: { ar: 'ملاحظة', fr: 'Note', en: 'Note' },
  orderId: { ar: 'رقم الطلب', fr: 'N° de demande', en: 'Order id' },
} satisfies Record<string, Localized>;

/** The inbox table's own columns (an {@link OrderColumn}'s `key`), with their headings. */
export const inboxColumnLabels = {
  date: exportColumnLabels.createdAt,
  form: exportColumnLabels.form,
  name: { ar: 'الاسم', fr: 'Nom', en: 'Name' },
  phone: { ar: 'رقم الهاتف', fr: 'Téléphone', en: 'Phone' },
  wilaya: { ar: 'الولاية', fr: 'Wilaya', en: 'Wilaya' },
  item: { ar: 'المطلوب', fr: 'Article', en: 'Item' },
  status: exportColumnLabels.status,
  delivery: { ar: 'الإرسال', fr: 'Envoi', en: 'Delivery' },
} satisfies Record<string, Localized>;

// ---------------------------------------------------------------------------
// The site's content: texts, catalogue and dealer details (docs/decisions/0016-published-content.md)

/** The catalogue's lists as staff name them: the admin's catalogue page, the API's problems, a publish's changes. */
export const catalogueListLabels: Record<CatalogueListKey, Localized> = {
  tractors: { ar: 'الجرارات', fr: 'Tracteurs', en: 'Tractors' },
  equipmentCategories: { ar: 'العتاد الفلاحي', fr: 'Matériel agricole', en: 'Agricultural equipment' },
  farmPartCategories: { ar: 'قطع غيار العتاد الفلاحي', fr: 'Pièces de matériel agricole', en: 'Farm equipment spare parts' },
  workingMachines: { ar: 'آلات الأشغال', fr: 'Engins de travaux', en: 'Working machines' },
  sparePartSections: { ar: 'أقسام قطع الغيار', fr: 'Rubriques des pièces détachées', en: 'Spare-part sections' },
  wheeledTractorBrands: { ar: 'علامات الجرارات ذات العجلات', fr: 'Marques de tracteurs à roues', en: 'Wheeled tractor brands' },
  nonWheeledTractorBrands: { ar: 'علامات الجرارات المجنزرة', fr: 'Marques de tracteurs sans roues', en: 'Non-wheeled tractor brands' },
  truckBrands: { ar: 'علامات الشاحنات', fr: 'Marques de camions', en: 'Truck brands' },
  engineCategories: { ar: 'المحركات الفلاحية', fr: 'Moteurs agricoles', en: 'Agricultural engines' },
};

/** Where the site's texts show, as staff name the parts of the site (shared/content/text-places.ts). */
export const textSectionLabels = {
  wholeSite: { ar: 'كل الموقع', fr: 'Tout le site', en: 'The whole site' },
  header: { ar: 'رأس الصفحة', fr: 'En-tête', en: 'Header' },
  menu: { ar: 'القائمة', fr: 'Menu', en: 'Menu' },
  footer: { ar: 'أسفل الصفحة', fr: 'Pied de page', en: 'Footer' },
  messages: { ar: 'رسائل', fr: 'Messages', en: 'Messages' },
  home: { ar: 'الصفحة الرئيسية', fr: 'Accueil', en: 'Home' },
  homeCategories: { ar: 'فئات المنتجات', fr: 'Catégories de produits', en: 'Product categories' },
  homeServices: { ar: 'الخدمات', fr: 'Services', en: 'Services' },
  tractors: { ar: 'الجرارات', fr: 'Tracteurs', en: 'Tractors' },
  thankYou: { ar: 'صفحة الشكر', fr: 'Page de remerciement', en: 'Thank-you page' },
  notFound: { ar: 'صفحة «غير موجودة»', fr: 'Page « introuvable »', en: '“Not found” page' },
  catalogue: { ar: 'صفحات الكتالوج', fr: 'Pages du catalogue', en: 'Catalogue pages' },
  returnLinks: { ar: 'روابط الرجوع', fr: 'Liens de retour', en: 'Links back' },
  descriptions: { ar: 'أوصاف الصفحات', fr: 'Descriptions des pages', en: 'Page descriptions' },
  forms: { ar: 'نماذج الطلب', fr: 'Formulaires de commande', en: 'Order forms' },
  sharedFields: { ar: 'الحقول المشتركة', fr: 'Champs communs', en: 'Shared fields' },
} satisfies Record<string, Localized>;

/** What a form's text is: its title, or a field's label, help or example. */
export const formTextKindLabels = {
  title: { ar: 'عنوان النموذج', fr: 'Titre du formulaire', en: 'Form title' },
  label: { ar: 'اسم الحقل', fr: 'Nom du champ', en: 'Field name' },
  help: { ar: 'مساعدة الحقل', fr: 'Aide du champ', en: 'Field help' },
  placeholder: { ar: 'مثال داخل الحقل', fr: 'Exemple dans le champ', en: 'Example in the field' },
} satisfies Record<string, Localized>;

/** A catalogue entry's fields, and the dealer's details, as staff name them on their pages. */
export const contentFieldLabels = {
  entry: {
    name: { ar: 'الاسم', fr: 'Nom', en: 'Name' },
    model: { ar: 'الطراز', fr: 'Modèle', en: 'Model' },
    description: { ar: 'الوصف', fr: 'Description', en: 'Description' },
    title: { ar: 'عنوان الصفحة', fr: 'Titre de la page', en: 'Page title' },
    priceDzd: { ar: 'السعر (دج)', fr: 'Prix (DA)', en: 'Price (DZD)' },
    available: { ar: 'متوفر للطلب', fr: 'Disponible à la commande', en: 'Available to order' },
    availabilityStatus: { ar: 'نص التوفر', fr: 'Mention de disponibilité', en: 'Availability label' },
    directOrder: { ar: 'طلب مباشر من البطاقة', fr: 'Commande directe depuis la carte', en: 'Direct order from the card' },
    photo: { ar: 'الصورة', fr: 'Photo', en: 'Photo' },
    id: { ar: 'المعرّف في العنوان', fr: 'Identifiant dans l’adresse', en: 'Id in the address' },
  },
  dealer: {
    address: { ar: 'العنوان', fr: 'Adresse', en: 'Address' },
    phones: { ar: 'الهواتف', fr: 'Téléphones', en: 'Phones' },
    email: { ar: 'البريد الإلكتروني', fr: 'E-mail', en: 'E-mail' },
    openingHours: { ar: 'أوقات العمل', fr: 'Horaires', en: 'Opening hours' },
    social: { ar: 'الشبكات الاجتماعية', fr: 'Réseaux sociaux', en: 'Social networks' },
    location: { ar: 'موقع الخريطة', fr: 'Position sur la carte', en: 'Map position' },
    promo: { ar: 'الشريط الترويجي', fr: 'Bandeau promotionnel', en: 'Promotional banner' },
    figures: { ar: 'أرقام الصفحة الرئيسية', fr: 'Chiffres de l’accueil', en: 'Home page figures' },
  },
  /** The parts of the content, first in a place ("Catalogue › Tractors › …"). */
  areas: {
    texts: { ar: 'الترجمات', fr: 'Traductions', en: 'Translations' },
    catalogue: { ar: 'الكتالوج', fr: 'Catalogue', en: 'Catalogue' },
    dealer: { ar: 'معلومات الوكالة', fr: 'Coordonnées', en: 'Dealer details' },
    note: { ar: 'ملاحظة النشر', fr: 'Note de la publication', en: 'The publish’s note' },
    added: { ar: 'جديد', fr: 'Nouveau', en: 'New' },
  },
} satisfies Record<string, Record<string, Localized>>;

/** Where a publish is: rendering and writing the pages, done (its pages are live), or failed (the site is as it was). */
export type PublishState = 'running' | 'done' | 'failed';

/** What a running publish is doing, and how far it has gone: `done` of `total` pictures, pages or files. */
export interface PublishProgress {
  step: 'pictures' | 'pages' | 'files';
  done: number;
  total: number;
}

/** One publish, as kept: every publish stays, and staff can go back to any that was done. */
export interface PublishSummary {
  /** Sortable by time: `2026-11-23T21:58:03.120Z~k3f9`. */
  publishId: string;
  /** When it started (empty for the content as shipped, which was never published). */
  publishedAt: string;
  /** Who started it (e-mail; empty for the content as shipped). */
  publishedBy: string;
  state: PublishState;
  /** While running. */
  progress?: PublishProgress;
  /** Once done: pages written, the fallback pages included. */
  pages?: number;
  /** Once done: the pages whose HTML changed from the site before, by address (`/tracteurs`, `/fr`), added and removed ones included. */
  changed?: string[];
  /** Once done: how long the whole publish took. */
  durationMs?: number;
  /** Once failed: what went wrong, in a few words; the live site did not change. */
  failure?: string;
  /** Set when this publish put an earlier one's content back. */
  restoredFrom?: string;
  /** What staff wrote about it when they published (at most {@link maxPublishNoteLength} characters). */
  note?: string;
  /** Once done: what it changed on the site, against the content live before it (shared/content/changes.ts). */
  changes?: ContentChange[];
  /**
   * The content the site was delivered with, before any publish: always the
   * last entry of the history, live until the first publish, and restorable
   * like any other (its `publishId` is {@link shippedPublishId}).
   */
  shipped?: true;
}

/** The publish id of the content the site was delivered with (see {@link PublishSummary.shipped}). */
export const shippedPublishId = 'shipped';

/** The longest note staff may give a publish. */
export const maxPublishNoteLength = 200;

/**
 * The body of `POST /api/admin/content/publish` (optional, JSON). With
 * `draft`: "Save and publish", the content on screen is checked (400
 * `invalidContent`, nothing saved or published), saved over the draft saved
 * at `basedOn` (409 `draftChanged` when a colleague saved since), then
 * published. Without it, the saved draft is published, but only if it is
 * still the one saved at `basedOn` when given (409 `draftChangedBeforePublish`).
 * The restore route takes `note` too.
 */
export interface PublishRequest {
  draft?: ContentOverrides;
  /** The `savedAt` of the draft staff see; null before the first save. */
  basedOn?: string | null;
  note?: string;
}

/**
 * The body of `POST /api/admin/content/draft/photos` (admin): library
 * pictures chosen for catalogue entries in the saved draft, nothing else of
 * it changed (a colleague's save meanwhile is kept). 200
 * {@link ContentResponse}; 400 `invalidContent` with every problem (an entry
 * not in the catalogue), nothing saved.
 */
export interface DraftPhotosRequest {
  /** `entry`: `<list path>#<entry id>`, as `tractors#di75-4x2`; at most {@link maxDraftPhotos}. */
  photos: { entry: string; mediaId: string }[];
}

export const maxDraftPhotos = 200;

/** 200 `GET /api/admin/content`: the draft staff work on, and what the site shows. */
export interface ContentResponse {
  draft: ContentOverrides;
  /** When the draft was last saved, and by whom; absent before the first save. */
  savedAt?: string;
  savedBy?: string;
  live?: PublishSummary;
  /** The saved draft is the content the site shows: publishing it would change nothing. */
  draftIsLive: boolean;
  /** The content the site shows (the live publish's; none before the first): what the draft is compared with, value by value. */
  published: ContentOverrides;
  /** The order forms' texts staff may translate (from the schemas: titles, labels, help, placeholders), with their defaults. */
  formTexts: TextEntry[];
}

/**
 * `PUT /api/admin/content/draft` with a {@link ContentOverrides} body (admin):
 * 200 {@link ContentResponse}; 400 `invalidContent` with every problem
 * ({@link ContentProblemAnswer}) and nothing saved.
 */
export interface ContentProblemAnswer {
  /** Where in the content sent: `catalogue.tractors.changed.di75-4x2.priceDzd`. */
  path: string;
  code: string;
  /** In the staff member's language. */
  message: string;
  /** Where, in the staff member's words: "Catalogue › Tractors › Sonalika DI75 4x2 › Price (DZD)". */
  place: string;
}

/**
 * `POST /api/admin/content/publish` (admin): starts rendering every page with
 * the saved draft and putting them live, and answers at once, 202
 * {@link PublishSummary} with state `running`; 409 `publishRunning` while
 * another publish runs. `GET /api/admin/content/publishes/{publishId}`
 * (staff) says how far it has gone, then what changed, or why it failed (a
 * failed publish leaves the live site as it was).
 * `POST /api/admin/content/publishes/{publishId}/restore` (admin): publishes
 * that (done) publish's content again and makes it the draft, likewise 202.
 */
export type PublishResponse = PublishSummary;

/**
 * `POST /api/admin/content/preview` (staff): one page rendered with the body's
 * content (the draft being edited, not yet saved) in a language, without its
 * scripts; 200 {@link PreviewResponse}.
 */
export interface PreviewRequest {
  path: string;
  language: Language;
  draft: ContentOverrides;
}

export interface PreviewResponse {
  html: string;
  /** The draft's changes that show on this page, each with its published and draft values (shared/content/changes.ts). */
  changes: ContentChange[];
  /** The page with the draft is the page the site shows. */
  asPublished: boolean;
}

/** 200 `GET /api/admin/content/publishes`: every publish, newest first. */
export interface PublishesResponse {
  items: PublishSummary[];
}

/**
 * Something that still stands in for the dealer's real data (the dashboard's
 * readiness card, docs/decisions/0021-content-staff-cannot-get-wrong.md): the
 * placeholders a fresh site is delivered with, catalogue entries without a
 * photo, the staff e-mail off, forms whose sheet has no relay address (in
 * AWS), and the delivered content not yet published over.
 */
export type ReadinessLine =
  | { kind: 'placeholderPhone' | 'placeholderAddress' | 'placeholderSocial' | 'staffMailOff' | 'firstPublish' }
  | { kind: 'entriesWithoutPhoto'; count: number }
  /** The forms whose orders go to a sheet without a relay address: their orders are kept but reach no sheet. */
  | { kind: 'sheetsWithoutRelay'; forms: Localized[] };

export type ReadinessKind = ReadinessLine['kind'];

/** 200 `GET /api/admin/readiness`: no line once nothing stands in for the dealer's data. */
export interface ReadinessResponse {
  lines: ReadinessLine[];
}

/**
 * One device of the caller that gets a notification for each new order
 * (docs/decisions/0022-the-dealers-inbox.md). `endpoint` is the push
 * service's address the browser gave: a device knows itself by it.
 */
export interface PushDevice {
  deviceId: string;
  endpoint: string;
  language: Language;
  quietHours?: QuietHours;
  savedAt: string;
}

/** 200 `GET /api/admin/push-subscriptions`: the key browsers subscribe with, and the caller's devices. */
export interface PushDevicesResponse {
  /** The server's public VAPID key (base64url), the `applicationServerKey` of `pushManager.subscribe`. */
  publicKey: string;
  devices: PushDevice[];
}

/**
 * `PUT /api/admin/push-subscriptions`: turns notifications on for this device
 * (or changes its settings): the browser's `PushSubscription.toJSON()`, the
 * language to write them in, and its quiet hours if any. 200 {@link PushDevice};
 * 400 `invalidPushSubscription` when it is not a push subscription.
 * `DELETE /api/admin/push-subscriptions/{deviceId}` turns them off (204).
 */
export interface SavePushDeviceRequest {
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  language: Language;
  quietHours?: QuietHours;
}
