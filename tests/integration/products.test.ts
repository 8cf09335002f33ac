import { DeleteTableCommand } from '@aws-sdk/client-dynamodb';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { createDynamoDbClient } from '../../infra/local/dynamodb';
import type { LocalStack } from '../../infra/local/stack';
import { seedProducts } from '../../infra/seed/products';
import { createDocumentClient } from '../../lambdas/lib/aws-clients';
import { message, type MessageKey } from '../../lambdas/lib/messages';
import { maxListedProducts, productItem, type Product } from '../../lambdas/products/products-store';
import { languages } from '../../shared/languages';
import { equipmentCategories } from '../../shared/catalogue/equipment';
import { defaultCatalogue } from '../../shared/catalogue/defaults';
import { cataloguePaths } from '../../shared/catalogue/paths';
import { tractors } from '../../shared/catalogue/tractors';
import { withCatalogueEntry } from '../../shared/products';
import { startTestStack } from '../support/local-stack';
import { removeTempDir } from '../support/temp-dir';

/** GET /api/products through the real local stack: the adapter, the handler and dynalite with the seed. */

let stack: LocalStack;
let dataDir: string;
let logs: string[];

beforeAll(async () => {
  ({ stack, dataDir, logs } = await startTestStack());
});

afterAll(async () => {
  await stack?.stop();
  await removeTempDir(dataDir);
});

function listProducts(query = '', language = 'en'): Promise<Response> {
  return fetch(`${stack.siteUrl}/api/products${query}`, { headers: { 'accept-language': language } });
}

async function productsOf(query = ''): Promise<Product[]> {
  const response = await listProducts(query);
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { products: Product[] }).products;
}

/** Puts items straight into the products table, as staff tools would. */
async function putItems(...items: Record<string, unknown>[]): Promise<void> {
  const documents = createDocumentClient(createDynamoDbClient(stack.endpoints.dynamoDb));
  try {
    await Promise.all(items.map((Item) => documents.send(new PutCommand({ TableName: stack.tables.products, Item }))));
  } finally {
    documents.destroy();
  }
}

const ids = (products: Product[]) => products.map((product) => product.productId);
const seedIds = ids(seedProducts);
/** The seeded products as the site shows them: with their catalogue entries as published (nothing yet: the defaults). */
const shownSeed = seedProducts.flatMap((product) => withCatalogueEntry(product, defaultCatalogue) ?? []);
const seedLogLine = /seeded the empty products table with \d+ catalogue products/;

function expectNewestFirst(products: Product[]): void {
  const dates = products.map((product) => product.createdAt);
  expect(dates).toEqual([...dates].sort().reverse());
}

describe('the seeded catalogue', () => {
  test('comes back newest first, featured, named in three languages, each on a catalogue page', async () => {
    const response = await listProducts();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    const { products } = (await response.json()) as { products: Product[] };

    // Nothing else is in the table yet; the index attribute (listing) is not answered; each shows its catalogue entry.
    expect(products).toEqual(shownSeed);
    expect(ids(products).slice(0, tractors.length)).toEqual(tractors.map((tractor) => `tractors-${tractor.id}`));
    expectNewestFirst(products);
    expect(new Set(ids(products)).size).toBe(products.length);

    const pages = new Set(cataloguePaths(defaultCatalogue));
    for (const product of products) {
      expect(product.featured).toBe(true);
      expect(pages, product.path).toContain(product.path);
      for (const language of languages) expect(product.name[language].trim()).not.toBe('');
    }
    expect(products.filter((p) => p.category === 'tractors').map((p) => p.priceDzd)).toEqual(
      tractors.map((tractor) => tractor.priceDzd),
    );
    expect(logs.filter((line) => seedLogLine.test(line))).toHaveLength(1);
  });

  test('?category=equipment lists the equipment only, and a subcategory narrows it to one page', async () => {
    const equipment = await productsOf('?category=equipment');
    expect(equipment).toEqual(shownSeed.filter((product) => product.category === 'equipment'));
    expect(equipment.length).toBeGreaterThan(1);

    const slug = equipment[0]!.subcategory!;
    expect(equipmentCategories.map((category) => category.id)).toContain(slug);
    const onePage = await productsOf(`?category=equipment&subcategory=${slug}`);
    expect(onePage.length).toBeGreaterThan(0);
    expect(onePage).toEqual(equipment.filter((product) => product.subcategory === slug));

    expect(await productsOf('?category=tractors')).toEqual(shownSeed.filter((p) => p.category === 'tractors'));
    expect(await productsOf('?category=no-such-category')).toEqual([]);
    expect(await productsOf('?category=equipment&subcategory=no-such-page')).toEqual([]);
  });

  test('unknown extra parameters are ignored', async () => {
    expect(await productsOf('?fbclid=IwAR0abc&utm_source=facebook')).toEqual(await productsOf());
    expect(await productsOf('?category=equipment&lang=fr&page=2')).toEqual(await productsOf('?category=equipment'));
  });
});

describe('products put into the table', () => {
  const product = (id: string, createdAt: string, fields: Partial<Product> = {}): Product => ({
    productId: id,
    category: 'equipment',
    subcategory: 'moussem-el-harth',
    name: { ar: `منتج ${id}`, fr: `Produit ${id}`, en: `Product ${id}` },
    path: '/materiel-agricole/moussem-el-harth',
    featured: false,
    createdAt,
    ...fields,
  });

  test('take their place by createdAt, in the full list and in their category', async () => {
    const newest = product('test-newest', new Date().toISOString());
    const oldest = product('test-oldest', '2020-01-01T00:00:00.000Z', { priceDzd: 250_000 });
    await putItems(productItem(newest), productItem(oldest));

    const all = await productsOf();
    expect(all[0]).toEqual(newest);
    expect(all.at(-1)).toEqual(oldest);
    expect(ids(all).filter((id) => seedIds.includes(id))).toEqual(seedIds);
    expectNewestFirst(all);

    const soilPreparation = await productsOf('?category=equipment&subcategory=moussem-el-harth');
    expect(soilPreparation).toEqual([newest, oldest]);
    expect(ids(await productsOf('?category=tractors'))).not.toContain(newest.productId);
  });

  test('a new category is listed without any change to the API', async () => {
    const part = product('test-part', new Date().toISOString(), {
      category: 'spare-parts',
      subcategory: 'wheeled-tractors',
      path: '/pieces-detachees/wheeled-tractors',
    });
    await putItems(productItem(part));
    expect(await productsOf('?category=spare-parts')).toEqual([part]);
    expect(await productsOf('?category=spare-parts&subcategory=wheeled-tractors')).toEqual([part]);
  });

  test('an item that is not a product is left out, not a failure', async () => {
    await putItems({ ...productItem(product('test-broken', new Date().toISOString())), name: 'no languages' });
    expect(ids(await productsOf())).not.toContain('test-broken');
  });

  test('beyond the cap, the newest are answered, and a subcategory is found past the first page', async () => {
    // Older than everything else, so the other tests' lists keep their heads.
    const createdAt = (n: number) => new Date(Date.UTC(2019, 0, 1) + n * 60_000).toISOString();
    const many = Array.from({ length: maxListedProducts + 10 }, (_, n) =>
      product(`test-paging-${n}`, createdAt(n), { category: 'test-paging', subcategory: n < 3 ? 'rare' : 'common' }),
    );
    await putItems(...many.map(productItem));

    const newestFirst = [...many].reverse();
    expect(await productsOf('?category=test-paging')).toEqual(newestFirst.slice(0, maxListedProducts));
    // The three matches lie beyond the first page of the index.
    expect(ids(await productsOf('?category=test-paging&subcategory=rare'))).toEqual([
      'test-paging-2',
      'test-paging-1',
      'test-paging-0',
    ]);
    expect(await productsOf()).toHaveLength(maxListedProducts);
  });
});

describe('a malformed query', () => {
  const tooLong = 'a'.repeat(65);
  test.each<[string, MessageKey]>([
    ['?category=../x', 'invalidProductFilter'],
    [`?category=${tooLong}`, 'invalidProductFilter'],
    [`?category=equipment&subcategory=${tooLong}`, 'invalidProductFilter'],
    ['?category=Tractors', 'invalidProductFilter'],
    ['?category=', 'invalidProductFilter'],
    // A repeated parameter arrives comma-joined, as API Gateway sends it.
    ['?category=tractors&category=equipment', 'invalidProductFilter'],
    ['?subcategory=moussem-el-rach', 'subcategoryWithoutCategory'],
  ])('%s answers 400 %s, in French and in English', async (query, code) => {
    for (const language of ['fr', 'en'] as const) {
      const response = await listProducts(query, language);
      expect(response.status).toBe(400);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.json()).toEqual({ error: message(code, language), code });
    }
  });

  test('64 characters are still accepted', async () => {
    const longest = 'a'.repeat(64);
    expect(await productsOf(`?category=${longest}&subcategory=${longest}`)).toEqual([]);
  });
});

describe('across a restart', () => {
  test('the seed is not put again and what was in the table stays', async () => {
    const before = await productsOf();
    await stack.stop();
    ({ stack, logs } = await startTestStack({ dataDir }));

    expect(logs.filter((line) => seedLogLine.test(line))).toEqual([]);
    expect(await productsOf()).toEqual(before);
    expect(ids(before).filter((id) => seedIds.includes(id))).toEqual(seedIds);
  });
});

describe('a DynamoDB failure', () => {
  // Last: it deletes the table.
  test('answers 500 with the generic error in the visitor language, and logs it', async () => {
    const client = createDynamoDbClient(stack.endpoints.dynamoDb);
    try {
      await client.send(new DeleteTableCommand({ TableName: stack.tables.products }));
    } finally {
      client.destroy();
    }
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const response = await listProducts('?category=tractors', 'fr');
      expect(response.status).toBe(500);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.json()).toEqual({ error: message('internalError', 'fr'), code: 'internalError' });
      expect(logged.mock.calls.flat().join('\n')).toContain('Products could not be listed');
    } finally {
      logged.mockRestore();
    }
  });
});
