import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  paginateQuery,
  type DynamoDBDocumentClient,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { MessageKey } from '../lib/messages';
import { isConditionFailure } from '../lib/conditional-writes';
import { indexOf } from '../lib/tables';
import { languages, type Localized } from '../../shared/languages';
import type { Product } from '../../shared/products';
import { sitePath } from '../../shared/site-address';

export type { Product };

export interface ProductFilter {
  category?: string;
  /** Only together with a category. */
  subcategory?: string;
}

/** A list answers at most this many products, the newest. */
export const maxListedProducts = 100;

const byCategory = indexOf('products', 'byCategory');
const byCreated = indexOf('products', 'byCreated');
/** The byCreated partition every product belongs to. */
const allProducts = 'all';

/** The item to put for a product: the product plus the attribute byCreated lists it by. */
export function productItem(product: Product): Record<string, unknown> {
  return { ...product, [byCreated.partitionKey.name]: allProducts };
}

export interface ProductsStore {
  /** The products matching the filter, newest first, at most maxListedProducts. */
  list(filter: ProductFilter): Promise<Product[]>;
  get(productId: string): Promise<Product | undefined>;
  /** Writes a new product (false: the id is taken) or replaces an existing one (false: there is none). */
  put(product: Product, mode: 'create' | 'replace'): Promise<boolean>;
  /** False when there was no such product. */
  delete(productId: string): Promise<boolean>;
  /** The products showing this picture of the media library. */
  usingPicture(pictureId: string): Promise<Product[]>;
}

export function createProductsStore(
  client: DynamoDBDocumentClient,
  tableName: string,
  onInvalidItem: (item: Record<string, unknown>) => void,
): ProductsStore {
  return {
    async list(filter) {
      const products: Product[] = [];
      // A filtered page can come back short, or even empty, before the index is exhausted.
      for await (const page of paginateQuery({ client }, queryFor(tableName, filter))) {
        for (const item of page.Items ?? []) {
          const product = toProduct(item);
          if (product) products.push(product);
          else onInvalidItem(item);
        }
        if (products.length >= maxListedProducts) break;
      }
      return products.slice(0, maxListedProducts);
    },

    async get(productId) {
      const { Item } = await client.send(new GetCommand({ TableName: tableName, Key: { productId }, ConsistentRead: true }));
      return Item && toProduct(Item);
    },

    async put(product, mode) {
      try {
        await client.send(
          new PutCommand({
            TableName: tableName,
            Item: productItem(product),
            ConditionExpression: mode === 'create' ? 'attribute_not_exists(productId)' : 'attribute_exists(productId)',
          }),
        );
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },

    async delete(productId) {
      try {
        await client.send(
          new DeleteCommand({ TableName: tableName, Key: { productId }, ConditionExpression: 'attribute_exists(productId)' }),
        );
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },

    async usingPicture(pictureId) {
      const using: Product[] = [];
      // The whole catalogue is one byCreated partition of a few hundred items: a Query, never a Scan.
      const whole = queryFor(tableName, {});
      const showing = {
        ...whole,
        FilterExpression: 'pictureId = :pictureId',
        ExpressionAttributeValues: { ...whole.ExpressionAttributeValues, ':pictureId': pictureId },
      };
      for await (const page of paginateQuery({ client }, showing)) {
        using.push(...(page.Items ?? []).map(toProduct).filter((product) => product !== undefined));
      }
      return using;
    },
  };
}

const filterValue = /^[a-z0-9-]{1,64}$/;

export type FilterResult = { ok: true; value: ProductFilter } | { ok: false; code: MessageKey };

/** The filter of a product list's query string. A repeated parameter arrives comma-joined, which the pattern refuses. */
export function parseProductFilter(query: Record<string, string | undefined>): FilterResult {
  const { category, subcategory } = query;
  if ([category, subcategory].some((value) => value !== undefined && !filterValue.test(value))) {
    return { ok: false, code: 'invalidProductFilter' };
  }
  if (subcategory !== undefined && category === undefined) return { ok: false, code: 'subcategoryWithoutCategory' };
  return { ok: true, value: { category, subcategory } };
}

function queryFor(tableName: string, { category, subcategory }: ProductFilter): QueryCommandInput {
  const index = category === undefined ? byCreated : byCategory;
  const names: Record<string, string> = { '#partition': index.partitionKey.name };
  const values: Record<string, unknown> = { ':partition': category ?? allProducts };
  if (subcategory !== undefined) {
    names['#subcategory'] = 'subcategory';
    values[':subcategory'] = subcategory;
  }
  return {
    TableName: tableName,
    IndexName: index.name,
    KeyConditionExpression: '#partition = :partition',
    FilterExpression: subcategory === undefined ? undefined : '#subcategory = :subcategory',
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
    // Both indexes sort on createdAt.
    ScanIndexForward: false,
    Limit: maxListedProducts,
  };
}

/** The product fields of an item, without index attributes; undefined for an item that is not a product. */
function toProduct(item: Record<string, unknown>): Product | undefined {
  const { productId, category, subcategory, name, path, priceDzd, featured, createdAt } = item;
  const { description, available, pictureId, pictureUrl, catalogueEntry } = item;
  const isText = (value: unknown): value is string => typeof value === 'string';
  if (!isText(productId) || !isText(category) || !isText(path) || !isText(createdAt) || !isLocalizedText(name)) {
    return undefined;
  }
  if ((subcategory !== undefined && !isText(subcategory)) || (priceDzd !== undefined && typeof priceDzd !== 'number')) {
    return undefined;
  }
  return {
    productId,
    category,
    ...(subcategory === undefined ? {} : { subcategory }),
    name: { ar: name.ar, fr: name.fr, en: name.en },
    ...(isPartialText(description) ? { description } : {}),
    path,
    ...(priceDzd === undefined ? {} : { priceDzd }),
    featured: featured === true,
    ...(typeof available === 'boolean' ? { available } : {}),
    // Products saved before pictures were kept by their path carry the host they were uploaded at.
    ...(isText(pictureId) && isText(pictureUrl) ? { pictureId, pictureUrl: sitePath(pictureUrl) } : {}),
    ...(isText(catalogueEntry) ? { catalogueEntry } : {}),
    createdAt,
  };
}

function isPartialText(value: unknown): value is Partial<Localized> {
  if (typeof value !== 'object' || value === null) return false;
  const entries = Object.entries(value);
  return entries.length > 0 && entries.every(([language, text]) => (languages as readonly string[]).includes(language) && typeof text === 'string');
}

function isLocalizedText(value: unknown): value is Localized {
  return (
    typeof value === 'object' &&
    value !== null &&
    languages.every((language) => typeof (value as Record<string, unknown>)[language] === 'string')
  );
}
