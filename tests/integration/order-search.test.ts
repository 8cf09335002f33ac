import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createFormRegistry } from '../../lambdas/forms/form-registry';
import { message } from '../../lambdas/lib/messages';
import { createInboxStore } from '../../lambdas/submissions/inbox-store';
import { createOrderFinder, parseOrderQuery } from '../../lambdas/submissions/find-orders';
import { createOrderSearchIndex } from '../../lambdas/submissions/search-index';
import type { AdminOrder, ExportResponse, OrderPage } from '../../shared/admin-api';
import { parseCsv } from '../../shared/csv';
import { stackEnvironment } from '../support/environment';
import { adminFetch, signIn, responseJson } from '../support/staff';
import { documentClient, searchEntriesWritten, storeCalls } from '../support/submissions';

/**
 * The inbox's text search through the real local stack: orders sent to the
 * public API are found by any spelling of a word's beginning, by a phone in
 * any format and by a staff note, combined with the filters, newest first
 * and paged; bad searches are refused clearly or find nothing; and no search
 * ever scans the orders table.
 */

const env = stackEnvironment();
let token: string;
let documents: DynamoDBDocumentClient;
/** A word in every order this file sends, so that its searches see only them. */
const run = `z${randomUUID().slice(0, 6)}`;

beforeAll(async () => {
  token = await signIn(env.stack, env.stack.admin.email, env.stack.admin.password);
  documents = documentClient(env.stack);
});

afterAll(() => documents?.destroy());

const get = (path: string, language = 'en') => adminFetch(env.stack, token, path, { headers: { 'accept-language': language } });

const search = async (query: string, extra = '') =>
  (await responseJson<OrderPage>(await get(`/api/admin/orders?q=${encodeURIComponent(query)}${extra}`))).orders.map((order) => order.orderId);

/** A tractor order sent as a farmer's phone sends it. */
async function sendTractorOrder(data: { fullName: string; phone?: string; wilaya?: string; tractorModel?: string; additionalEquipment?: string }) {
  const submissionId = randomUUID();
  const response = await fetch(`${env.stack.siteUrl}/api/forms/tractor-order/submissions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'ar' },
    body: JSON.stringify({
      submissionId,
      data: { tractorModel: `Massey Ferguson 290 ${run}`, wilaya: 'Setif', phone: '0661 00 00 00', ...data },
    }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  await searchEntriesWritten(documents, env.stack, submissionId);
  return submissionId;
}

describe('finding an order by what was typed', () => {
  test('names, items and messages match however they are spelled, by the beginning of their words', async () => {
    const amine = await sendTractorOrder({ fullName: `أمين بن علي ${run}` });
    const helene = await sendTractorOrder({ fullName: `Hélène Durand ${run}`, additionalEquipment: 'Charrue à 3 socs, herse rotative' });
    const fatima = await sendTractorOrder({ fullName: `فَاطِمَة الزَّهْرَاء ${run}`, tractorModel: `Sonalika DI75 ${run}` });
    const mustafa = await sendTractorOrder({ fullName: `مصطفى ${run}`, phone: '٠٥٥٠ ١٢ ٣٤ ٥٦' });

    // Hamza forms of alef; case, accents and the beginning of a word; diacritics and taa marbuta; alef maqsura.
    expect(await search(`امين ${run}`)).toEqual([amine]);
    expect(await search(`HELENE dur ${run}`)).toEqual([helene]);
    expect(await search(`فاطمه ${run}`)).toEqual([fatima]);
    expect(await search(`مصطفي ${run}`)).toEqual([mustafa]);
    // Any field: an item, the free text; every word must match, in any order.
    expect(await search(`rotat charr ${run}`)).toEqual([helene]);
    expect(await search(`sonal ${run}`)).toEqual([fatima]);
    // Newest first.
    expect(await search(`massey ${run}`)).toEqual([mustafa, helene, amine]);
    // A word's middle does not match.
    expect(await search(`ssey ${run}`)).toEqual([]);
  });

  test('a phone is found in any format, Arabic-Indic digits included, and a number typed in pieces by its words', async () => {
    const digits = String(Math.floor(Math.random() * 1e6)).padStart(6, '0');
    const orderId = await sendTractorOrder({ fullName: `Karim ${run}`, phone: `0770 ${digits.slice(0, 2)} ${digits.slice(2, 4)} ${digits.slice(4)}` });
    const arabicDigits = `٠٧٧٠${[...digits].map((digit) => String.fromCharCode(0x660 + Number(digit))).join('')}`;
    for (const typed of [`+213770${digits}`, `00213 770-${digits}`, `0770${digits}`, `770 ${digits.slice(0, 3)}`, arabicDigits]) {
      expect(await search(typed), typed).toContain(orderId);
    }
    expect(await search(`0770 ${digits.slice(0, 2)} ${run}`)).toEqual([orderId]);
  });

  test('a staff note is searched once it is written', async () => {
    const orderId = await sendTractorOrder({ fullName: `Yacine ${run}` });
    const word = `rappel${randomUUID().slice(0, 5)}`;
    expect(await search(word)).toEqual([]);
    const noted = await adminFetch(env.stack, token, `/api/admin/orders/${orderId}/notes`, {
      method: 'POST',
      body: JSON.stringify({ text: `Client à rappeler : ${word} jeudi` }),
    });
    expect(noted.status).toBe(201);
    expect(await search(word.slice(0, 8))).toEqual([orderId]);
  });

  test('combines with the filters: a status, a wilaya, a form, the dates', async () => {
    const oran = await sendTractorOrder({ fullName: `Samir ${run}`, wilaya: 'Oran' });
    const setif = await sendTractorOrder({ fullName: `Samir ${run}`, wilaya: 'Setif' });
    await responseJson(await adminFetch(env.stack, token, `/api/admin/orders/${setif}`, { method: 'PATCH', body: JSON.stringify({ status: 'won', version: 1 }) }));

    expect(await search(`samir ${run}`)).toEqual([setif, oran]);
    expect(await search(`samir ${run}`, '&wilaya=Oran')).toEqual([oran]);
    expect(await search(`samir ${run}`, '&status=won')).toEqual([setif]);
    expect(await search(`samir ${run}`, '&form=contact-message')).toEqual([]);
    expect(await search(`samir ${run}`, `&from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).toEqual([]);
    expect(await search(`samir ${run}`, '&list=subscriptions')).toEqual([]);
  });

  test('pages newest first with a cursor bound to the search, each order once', async () => {
    const word = `lot${randomUUID().slice(0, 5)}`;
    const sent: string[] = [];
    for (let i = 0; i < 7; i++) sent.push(await sendTractorOrder({ fullName: `Nadir ${word} ${i}` }));

    const found: AdminOrder[] = [];
    let cursor: string | undefined;
    do {
      const page = await responseJson<OrderPage>(await get(`/api/admin/orders?q=${word}&limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`));
      found.push(...page.orders);
      cursor = page.nextCursor;
    } while (cursor);
    expect(found.map((order) => order.orderId)).toEqual([...sent].reverse());

    const first = await responseJson<OrderPage>(await get(`/api/admin/orders?q=${word}&limit=3`));
    const elsewhere = await get(`/api/admin/orders?q=nadir&limit=3&cursor=${encodeURIComponent(first.nextCursor!)}`, 'fr');
    expect(await responseJson(elsewhere, 400)).toEqual({ error: message('invalidCursor', 'fr'), code: 'invalidCursor' });
  });

  test('the export of a search holds exactly its orders', async () => {
    const word = `exp${randomUUID().slice(0, 5)}`;
    const orders = [await sendTractorOrder({ fullName: `Lyes ${word}` }), await sendTractorOrder({ fullName: `Lyes ${word}` })];
    const answer = await responseJson<ExportResponse>(await get(`/api/admin/orders/export?q=${word}`));
    expect(answer.rows).toBe(2);
    const [header, ...rows] = parseCsv(await (await fetch(answer.downloadUrl)).text());
    const reference = header!.indexOf('Order id');
    expect(rows.map((row) => row[reference]).sort()).toEqual([...orders].sort());
  });
});

describe('bad searches', () => {
  test('are refused in the staff’s language or find nothing, never a server error', async () => {
    const tooLong = await get(`/api/admin/orders?q=${'a'.repeat(10_000)}`, 'fr');
    expect(await responseJson(tooLong, 400)).toMatchObject({ code: 'searchTooLong', error: message('searchTooLong', 'fr'), parameter: 'q' });
    const tooShort = await get(`/api/admin/orders?q=${encodeURIComponent('a , b')}`, 'ar');
    expect(await responseJson(tooShort, 400)).toMatchObject({ code: 'searchTooShort', error: message('searchTooShort', 'ar') });

    for (const nothing of ['!!! ... ???', '\u0000\u0007\u001b', '«»—', '\u200f\u200e']) {
      const page = await responseJson<OrderPage>(await get(`/api/admin/orders?q=${encodeURIComponent(nothing)}`));
      expect(page.orders).toEqual([]);
      expect(page.nextCursor).toBeUndefined();
    }
    // Control characters around a word are only separators.
    const orderId = await sendTractorOrder({ fullName: `Walid ${run}` });
    expect(await search(`\u0000walid\u0007 ${run}\u001b`)).toEqual([orderId]);

    for (const hostile of [`${'ب'.repeat(199)}`, '%', '"\'; DROP', '\\u0000', '*'.repeat(200), '٠'.repeat(150)]) {
      const response = await get(`/api/admin/orders?q=${encodeURIComponent(hostile)}`);
      expect([200, 400], hostile).toContain(response.status);
    }
    expect((await get(`/api/admin/orders/export?q=${'x'.repeat(10_000)}`)).status).toBe(400);
    // Dates that end before they start.
    expect(await responseJson(await get('/api/admin/orders?q=massey&from=2026-11-10&to=2026-11-01'), 400)).toMatchObject({ parameter: 'to' });
  });
});

describe('pages read a little at a time', () => {
  test('give every match once, newest first, however little each page may read, the words’ entries interleaved', async () => {
    const word = `pg${randomUUID().slice(0, 5)}`;
    // Orders under the word alone, under "blue" alone, and under both, mixed in time.
    const both: string[] = [];
    const bothInOran: string[] = [];
    for (let i = 0; i < 12; i++) {
      const kind = i % 3;
      const fullName = kind === 0 ? `Kamel ${word} bleu` : kind === 1 ? `Kamel ${word}` : `Kamel bleu ${run}`;
      const wilaya = i % 2 === 0 ? 'Oran' : 'Setif';
      const orderId = await sendTractorOrder({ fullName, wilaya });
      if (kind === 0) both.unshift(orderId);
      if (kind === 0 && wilaya === 'Oran') bothInOran.unshift(orderId);
    }
    const { tables } = env.stack;
    const forms = createFormRegistry('form-schemas');
    const schemaOf = async (formId: string) => (await forms.get(formId))?.schema;
    for (const queriesPerPage of [1, 2, 3]) {
      const searchIndex = createOrderSearchIndex(documents, { orderSearchTable: tables.orderSearch, submissionsTable: tables.submissions }, schemaOf, { firstRead: 1, queriesPerPage });
      const finder = createOrderFinder(createInboxStore(documents, tables.submissions), searchIndex);
      for (const [q, wilaya, expected] of [
        [`${word} bleu`, undefined, both],
        [`bleu ${word}`, 'Oran', bothInOran],
      ] as const) {
        const parsed = parseOrderQuery({ q, ...(wilaya ? { wilaya } : {}) });
        if (!parsed.ok) throw new Error('the query should parse');
        const found: string[] = [];
        let start;
        let pages = 0;
        do {
          const page = await finder.page(parsed.query, 2, start);
          found.push(...page.submissions.map((submission) => submission.orderId));
          start = page.next;
          expect(++pages).toBeLessThan(100);
        } while (start);
        expect(found, `${q} ${wilaya ?? ''} at ${queriesPerPage} a page`).toEqual(expected);
      }
    }
  });
});

describe('the store', () => {
  test('is never scanned by a search: the API reads the search index and fetches the orders it names', async () => {
    await sendTractorOrder({ fullName: `Omar ${run}` });
    const before = await storeCalls(env.stack);
    await search(`omar ${run}`);
    await search(`massey`, '&status=new&wilaya=Setif');
    await search('0661000000');
    await responseJson(await get(`/api/admin/orders/export?q=omar`));
    const after = await storeCalls(env.stack);
    expect(after.Scan ?? 0).toBe(before.Scan ?? 0);
    expect(after.Query ?? 0).toBeGreaterThan(before.Query ?? 0);
    expect(after.BatchGetItem ?? 0).toBeGreaterThan(before.BatchGetItem ?? 0);
  });

  test('a search asks only for one term’s entries, then for the orders by their keys', async () => {
    const calls: { command: string; table: string[]; index?: string }[] = [];
    const recording = new Proxy(documents, {
      get(target, property, receiver) {
        if (property !== 'send') return Reflect.get(target, property, receiver) as unknown;
        return (command: { constructor: { name: string }; input: Record<string, unknown> }) => {
          const input = command.input;
          const table = input.TableName ? [String(input.TableName)] : Object.keys((input.RequestItems ?? {}) as object);
          calls.push({ command: command.constructor.name, table, index: input.IndexName as string | undefined });
          return target.send(command as never);
        };
      },
    });
    const { tables } = env.stack;
    const forms = createFormRegistry('form-schemas');
    const searchIndex = createOrderSearchIndex(recording, { orderSearchTable: tables.orderSearch, submissionsTable: tables.submissions }, async (formId) => (await forms.get(formId))?.schema);
    const finder = createOrderFinder(createInboxStore(recording, tables.submissions), searchIndex);
    const parsed = parseOrderQuery({ q: `massey ${run}`, wilaya: 'Setif' });
    if (!parsed.ok) throw new Error('the query should parse');

    const page = await finder.page(parsed.query, 5);
    expect(page.submissions.length).toBeGreaterThan(0);
    for await (const batch of finder.all(parsed.query)) expect(batch.length).toBeGreaterThan(0);
    expect(new Set(calls.map(({ command, table }) => `${command} ${table.join()}`))).toEqual(
      new Set([`QueryCommand ${tables.orderSearch}`, `BatchGetCommand ${tables.submissions}`]),
    );
  });
});
