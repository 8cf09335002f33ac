import { QueryCommand, type DynamoDBDocumentClient, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { indexOf } from './tables';
import { languages, type Localized } from '../../shared/languages';
import type { Product } from '../../shared/products';

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
}

export function createProductsStore(
  client: DynamoDBDocumentClient,
  tableName: string,
  onInvalidItem: (item: Record<string, unknown>) => void,
): ProductsStore {
  return {
    async list(filter) {
      const query = queryFor(tableName, filter);
      const products: Product[] = [];
      let start: Record<string, unknown> | undefined;
      // A filtered page can come back short, or even empty, before the index is exhausted.
      do {
        const page = await client.send(new QueryCommand({ ...query, ExclusiveStartKey: start }));
        for (const item of page.Items ?? []) {
          const product = toProduct(item);
          if (product) products.push(product);
          else onInvalidItem(item);
        }
        start = page.LastEvaluatedKey;
      } while (start && products.length < maxListedProducts);
      return products.slice(0, maxListedProducts);
    },
  };
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
    path,
    ...(priceDzd === undefined ? {} : { priceDzd }),
    featured: featured === true,
    createdAt,
  };
}

function isLocalizedText(value: unknown): value is Localized {
  return (
    typeof value === 'object' &&
    value !== null &&
    languages.every((language) => typeof (value as Record<string, unknown>)[language] === 'string')
  );
}
