import type { SchemaFormId } from '../forms/generated/form-ids';
import type { Localized } from '../languages';

/** The read-only form fields a catalogue page fills from the card the visitor clicked. */
export type ContextField =
  | 'itemName'
  | 'partName'
  | 'machineName'
  | 'tractorName'
  | 'tractorBrand'
  | 'truckBrand'
  | 'truckModel'
  | 'engineModel';

/**
 * The item an order is for: each context field's value in every language. The
 * form shows the visitor's language; the order sends `orderValues`.
 */
export type OrderContext = Partial<Record<ContextField, Localized>>;

/** Which form an order button opens, and the item it fixes (empty when the visitor types everything). */
export interface OrderForm {
  /** A form of form-schemas/: naming one that is not there fails the type check. */
  formId: SchemaFormId;
  context: OrderContext;
}

/** A real photo of an item. Absent while there is none: the page then shows a placeholder. */
export interface CatalogueImage {
  /** Public URL, e.g. "/images/catalogue/mower.webp". */
  src: string;
  width: number;
  height: number;
}

/** A new tractor sold from /tracteurs, with its price. */
export interface Tractor {
  id: string;
  /** The model name, also sent as the order's product details. */
  model: string;
  name: Localized;
  description: Localized;
  /** Whole Algerian dinars, more than 0. */
  priceDzd: number;
  available: boolean;
  /** Shown instead of the Order button while the tractor is not available. */
  availabilityStatus: Localized;
  image?: CatalogueImage;
}

/** A card that can be ordered: an implement, a machine, a part family. */
export interface Item {
  id: string;
  name: Localized;
  description?: Localized;
  /** Unavailable items show "Unavailable" instead of an Order button. */
  available: boolean;
  image?: CatalogueImage;
}

/** A page of item cards that all open the same order form. */
export interface Category {
  /** URL segment. */
  id: string;
  /** Card label on the hub page. */
  name: Localized;
  /** Page heading, when it differs from the name. */
  title?: Localized;
  image?: CatalogueImage;
  formId: SchemaFormId;
  /** The field that receives the clicked item's name; absent when the form takes no context. */
  contextField?: ContextField;
  /** Form of the page's "order something else" button, when it has one (opened with no context). */
  otherFormId?: SchemaFormId;
  items: Item[];
}

export interface Model {
  /** URL segment, lower-case; never "custom" (reserved for "no model"). */
  id: string;
  name: Localized;
  image?: CatalogueImage;
}

/** A model whose name is a code written the same in every language ("DI75 4x2", "913", "MF440"). */
export function codeModel(id: string, code: string): Model {
  return { id, name: { ar: code, fr: code, en: code } };
}

/** A tractor or truck brand. */
export interface Brand {
  /** URL segment. */
  id: string;
  name: Localized;
  /** Empty when the brand has no model list. */
  models: Model[];
  /** The brand card opens the order form itself instead of linking to a model page. */
  directOrder?: boolean;
  image?: CatalogueImage;
}

/** A family of agricultural engines (sprayer, Deutz, irrigation, Perkins) and its models. */
export interface EngineCategory {
  /** URL segment. */
  id: string;
  /** Short card label, also the start of the engine name sent with an order ("Deutz 913"). */
  name: Localized;
  /** Page heading. */
  title: Localized;
  models: Model[];
  image?: CatalogueImage;
}

/** A card of the /pieces-detachees hub; it links to /pieces-detachees/{id}. */
export interface SparePartSection {
  id: string;
  name: Localized;
  image?: CatalogueImage;
}

/**
 * The name written to the dealer's spreadsheet for a catalogue item: the French
 * name, French being the dealer's working language, whatever language the
 * visitor reads the site in.
 */
export function orderName(name: Localized): string {
  return name.fr;
}

/** What an order sends for the item it is for: the French names (`orderName`), whatever the visitor reads. */
export function orderValues(context: OrderContext): Record<string, string> {
  return Object.fromEntries(Object.entries(context).flatMap(([field, name]) => (name ? [[field, orderName(name)]] : [])));
}

/**
 * "Brand Model" (or "Category Model") in every language ("Sonalika DI75 4x4",
 * "Deutz 913"), without repeating a name the model already starts with
 * ("Deutz Fahr", not "Deutz Deutz Fahr").
 */
export function joinNames(owner: Localized, model: Localized): Localized {
  const join = (first: string, second: string) => (second.toLowerCase().startsWith(first.toLowerCase()) ? second : `${first} ${second}`);
  return { ar: join(owner.ar, model.ar), fr: join(owner.fr, model.fr), en: join(owner.en, model.en) };
}

/** Finds an entry by its exact id; undefined for an unknown id. */
export function findById<T extends { id: string }>(list: readonly T[], id: string | undefined): T | undefined {
  return id === undefined ? undefined : list.find((entry) => entry.id === id);
}

/**
 * A model of a brand or engine category by id. Undefined for an unknown id and
 * for "custom" (no model: check `modelId === customModelId` of ./paths.ts first).
 */
export function findModel(owner: { models: readonly Model[] }, modelId: string | undefined): Model | undefined {
  return findById(owner.models, modelId);
}

/** The order for a card of a category page. */
export function categoryItemOrder(category: Category, item: Item): OrderForm {
  return {
    formId: category.formId,
    context: category.contextField ? { [category.contextField]: item.name } : {},
  };
}

/** The order for a category page's "order something else" button; undefined when the page has none. */
export function categoryOtherOrder(category: Category): OrderForm | undefined {
  return category.otherFormId ? { formId: category.otherFormId, context: {} } : undefined;
}
