import { BatchWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { FormData, FormSchema } from '../../shared/forms/form-schema';
import { loadBundledFormSchema } from '../../shared/forms/schema-files';
import { submissionStatuses, type HistoryEntry, type Submission, type SubmissionStatus } from '../../shared/submissions';
import { fingerprint, indexAttributes, newSubmission, type IndexAttributes } from '../../lambdas/submissions/record';
import { mapConcurrently } from '../../lambdas/lib/concurrency';
import { searchedOrder, type OrderSearchIndex, type SearchedOrder } from '../../lambdas/submissions/search-index';
import { searchableOrder, searchTerms } from '../../lambdas/submissions/search-words';

/**
 * Many stored orders at once, as the submit handler would have stored them
 * and the worker delivered them, for the inbox tests and `npm run bench:inbox`.
 * Each order is the form's example with its own name, phone, wilaya, status and time.
 */

export interface SeededOrder {
  submission: Submission;
  indexes: IndexAttributes;
  /** Who its search entries lead to, and the entries' terms, as the worker writes them. */
  searched: SearchedOrder;
  searchTerms: string[];
}

export interface SeedOptions {
  /** Form ids; orders go to them in turn. */
  forms: string[];
  formSchemasDir: string;
  count: number;
  /** createdAt of the first (newest) order; each next one is `spacingMs` older. */
  newest?: Date;
  spacingMs?: number;
  /** The n-th order's status; default: the statuses in turn. */
  status?: (n: number) => SubmissionStatus;
}

/** A phone the n-th order uses, written as visitors write them: `0661 00 00 07`. */
export function seededPhone(n: number): string {
  const digits = String(n).padStart(6, '0');
  return `0661 ${digits.slice(0, 2)} ${digits.slice(2, 4)} ${digits.slice(4)}`;
}

export async function seededOrders(options: SeedOptions): Promise<SeededOrder[]> {
  const schemas = new Map<string, FormSchema>();
  for (const formId of options.forms) {
    const schema = await loadBundledFormSchema(options.formSchemasDir, formId);
    if (!schema) throw new Error(`${options.formSchemasDir} has no form ${formId}`);
    schemas.set(formId, schema);
  }
  const newest = (options.newest ?? new Date()).getTime();
  const spacingMs = options.spacingMs ?? 60_000;
  const statusOf = options.status ?? ((n: number) => submissionStatuses[n % submissionStatuses.length]!);

  return Array.from({ length: options.count }, (_, n) => {
    const formId = options.forms[n % options.forms.length]!;
    const schema = schemas.get(formId)!;
    const data = orderData(schema, n);
    const createdAt = new Date(newest - n * spacingMs).toISOString();
    const stored = newSubmission({
      formId,
      schema,
      orderId: crypto.randomUUID(),
      language: 'fr',
      data,
      fingerprint: fingerprint(data),
      createdAt,
      deliveries: [],
    });
    const submission: Submission = {
      ...stored,
      status: statusOf(n),
      read: n % 3 === 0,
      deliveries: { sheet: { state: 'sent', attempts: 1, lastAttemptAt: createdAt, sentAt: createdAt } },
    };
    return {
      submission,
      indexes: indexAttributes(submission, schema),
      searched: searchedOrder(submission, schema),
      searchTerms: searchTerms(searchableOrder(submission, schema)),
    };
  });
}

const firstNames = ['Karim', 'Amine', 'Yacine', 'Sofiane', 'Nadia', 'Samir', 'Lyes', 'Omar', 'Walid', 'Farid', 'أمين', 'كريم', 'ياسين', 'سمير', 'فاطمة', 'عمر', 'وليد', 'مصطفى', 'نادية', 'رضا'];
const lastNames = ['Benali', 'Bouzid', 'Haddad', 'Mansouri', 'Belkacem', 'Cherif', 'Zerrouki', 'Saidi', 'Brahimi', 'Khelifi', 'بن علي', 'بوزيد', 'حداد', 'منصوري', 'بلقاسم', 'شريف', 'زروقي', 'سعيدي', 'براهيمي', 'خليفي'];

/** The n-th order's farmer: 400 names in Latin and Arabic letters, each given to one order in 400. */
export function seededName(n: number): string {
  return `${firstNames[n % firstNames.length]} ${lastNames[Math.floor(n / firstNames.length) % lastNames.length]}`;
}

/** The form's example, with the n-th name, phone and one of the wilayas. */
function orderData(schema: FormSchema, n: number): FormData {
  const data: FormData = { ...schema.examples[0] };
  for (const [name, property] of Object.entries(schema.properties)) {
    const definition = property.$ref?.match(/#\/\$defs\/(.+)$/)?.[1];
    const wilayas = schema.$defs?.wilaya?.enum as string[] | undefined;
    if (definition === 'fullName') data[name] = seededName(n);
    if (definition === 'phone') data[name] = seededPhone(n);
    if (definition === 'wilaya' && wilayas) data[name] = wilayas[n % wilayas.length];
  }
  return data;
}

/** Writes the orders' search entries, as the delivery worker does for each new order. */
export async function putSearchEntries(searchIndex: Pick<OrderSearchIndex, 'add'>, orders: SeededOrder[]): Promise<void> {
  await mapConcurrently(orders, 8, ({ searched, searchTerms: terms }) => searchIndex.add(searched, terms));
}

/** BatchWriteItem's limit per call. */
const batchSize = 25;

/** Puts the orders, a few batches at a time (dynalite takes every item of a batch). */
export async function putOrders(documents: DynamoDBDocumentClient, table: string, orders: SeededOrder[]): Promise<void> {
  const batches: SeededOrder[][] = [];
  for (let i = 0; i < orders.length; i += batchSize) batches.push(orders.slice(i, i + batchSize));
  const write = async () => {
    for (let batch = batches.shift(); batch; batch = batches.shift()) {
      const requests = batch.map(({ submission, indexes }) => ({ PutRequest: { Item: { ...submission, ...indexes } } }));
      await documents.send(new BatchWriteCommand({ RequestItems: { [table]: requests } }));
    }
  };
  await Promise.all([write(), write(), write(), write()]);
}

/**
 * The history of an order answered `afterMs` after it came, as its status
 * says: a reply button for `contacted`, a status change for quoted, won,
 * lost or spam; none for a new order.
 */
export function answerHistory(submission: Submission, afterMs: number): HistoryEntry[] {
  const at = new Date(Date.parse(submission.createdAt) + afterMs).toISOString();
  const by = 'office@example.com';
  if (submission.status === 'new') return [];
  if (submission.status === 'contacted') return [{ at, by, changes: { contacted: 'call', status: { from: 'new', to: 'contacted' } } }];
  return [{ at, by, changes: { status: { from: 'new', to: submission.status } } }];
}
