import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import { expectAdminPage, expectNoSidewaysScroll, openAdmin, signInOnce, unexpectedErrors } from '../support/admin';
import { seriousViolations } from '../support/axe';
import { browserEnvironment } from '../support/environment';
import { answerHistory, putOrders, seededName, seededOrders, type SeededOrder } from '../support/orders';
import { documentClient } from '../support/submissions';

/**
 * The dashboard's figures and the waiting mark through the real sign-in, in
 * Arabic on a 360 px phone: response times, orders per day, wilayas, won and
 * lost, each drawn right to left with its table for screen readers; a new
 * order unanswered for days is counted, marked and filtered in the inbox,
 * a fresh one is not.
 */

const env = browserEnvironment();
const hourMs = 3_600_000;
let seeded: SeededOrder[];

beforeAll(async () => {
  await signInOnce(env.browser, env.stack);
  // 12 orders two days apart, the newest 5 hours ago, every status in turn; and one sent just now.
  seeded = await seededOrders({ forms: ['tractor-order', 'part-order'], formSchemasDir: 'form-schemas', count: 12, newest: new Date(Date.now() - 5 * hourMs), spacingMs: 48 * hourMs });
  for (const { submission } of seeded) submission.history = answerHistory(submission, 3 * hourMs);
  const [fresh] = await seededOrders({ forms: ['tractor-order'], formSchemasDir: 'form-schemas', count: 1, newest: new Date(), status: () => 'new' });
  fresh!.submission.orderId = randomUUID();
  fresh!.submission.data.fullName = 'Farid Frais';
  const documents = documentClient(env.stack);
  await putOrders(documents, env.stack.tables.submissions, [...seeded, fresh!]);
  documents.destroy();
}, 120_000);

describe('the dashboard’s figures', () => {
  test('response times, orders per day, wilayas, won and lost as charts with their tables, right to left, on a phone', async () => {
    const { page, errors } = await openAdmin(env.browser, env.stack, '/admin', { language: 'ar', screen: 'phone' });
    await expectAdminPage(page, 'ar', 'لوحة التحكم');
    await page.getByRole('heading', { level: 2, name: 'سرعة الرد والنتائج' }).waitFor();

    const figure = (name: string) => page.getByRole('figure', { name });
    const response = figure('الوقت حتى أول رد');
    const perDay = figure('الطلبات في اليوم، آخر 30 يومًا');
    const wilayas = figure('الولايات الأكثر طلبًا، آخر 30 يومًا');
    const outcomes = figure('نتائج الطلبات، آخر 30 يومًا');
    for (const chart of [response, perDay, wilayas, outcomes]) await expect.poll(() => chart.locator('svg').first().isVisible()).toBe(true);

    // Each figure's table, read by screen readers: the same numbers, in rows.
    const responseTable = response.getByRole('table', { name: /الوقت حتى أول رد/ });
    await expect.poll(() => responseTable.getByRole('row').count()).toBe(3);
    expect(await responseTable.getByRole('rowheader').allTextContents()).toEqual([expect.stringContaining('هذا الأسبوع'), expect.stringContaining('الأسبوع الماضي')]);
    expect(await responseTable.getByRole('columnheader').allTextContents()).toEqual(['الأسبوع', 'نصف الطلبات خلال', '9 طلبات من 10 خلال', 'تم الرد عليها', 'لم يُرد عليها بعد']);

    const dayTable = perDay.getByRole('table', { name: 'الطلبات في اليوم، آخر 30 يومًا' });
    expect(await dayTable.getByRole('row').count()).toBe(31);
    const dayTotals = (await dayTable.locator('tbody tr td:last-child').allTextContents()).map(Number);
    // 12 orders over 23 days, a sixth of them spam (not orders), and the one sent now.
    expect(dayTotals.reduce((sum, count) => sum + count, 0)).toBe(11);
    // Today holds at least the order sent now.
    expect(dayTotals.at(-1)).toBeGreaterThanOrEqual(1);

    const wilayaTable = wilayas.getByRole('table', { name: 'الولايات الأكثر طلبًا، آخر 30 يومًا' });
    expect(await wilayaTable.getByRole('row').count()).toBe(6);
    expect(await wilayaTable.getByRole('rowheader').first().textContent()).toMatch(/^\d+ - \p{Script=Arabic}/u);

    const outcomeTable = outcomes.getByRole('table', { name: 'نتائج الطلبات، آخر 30 يومًا' });
    const wonAndLost = (status: string) => seeded.filter(({ submission }) => submission.status === status).length;
    expect(await outcomeTable.locator('tbody tr').allTextContents()).toEqual([`تم البيع${wonAndLost('won')}`, `خسارة${wonAndLost('lost')}`]);

    // Right to left: bars grow from the right, and today's column is the leftmost.
    for (const bar of await wilayas.locator('svg rect').all()) {
      const [x, width] = await Promise.all([bar.getAttribute('x'), bar.getAttribute('width')]);
      expect(Number(x) + Number(width)).toBeCloseTo(100, 6);
    }
    expect(await perDay.locator('svg rect[x="1.5"]').count()).toBeGreaterThan(0);
    const [oldest, today] = await perDay.locator('[aria-hidden="true"] .justify-between span').all();
    expect((await oldest!.boundingBox())!.x).toBeGreaterThan((await today!.boundingBox())!.x);

    await expectNoSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);
    expect(unexpectedErrors(errors)).toEqual([]);
    await page.close();
  });
});

describe('orders waiting too long', () => {
  test('the dashboard counts them, the inbox marks them and filters them; a fresh order is not marked', async () => {
    const oldNew = seeded.filter(({ submission }) => submission.status === 'new' && Date.now() - Date.parse(submission.createdAt) > 3 * 24 * hourMs);
    expect(oldNew.length).toBeGreaterThan(0);
    const { page, errors } = await openAdmin(env.browser, env.stack, '/admin', { language: 'ar', screen: 'phone' });
    await expectAdminPage(page, 'ar', 'لوحة التحكم');
    const card = page.getByRole('link', { name: /طلبات طال انتظارها/ });
    await expect.poll(() => card.textContent()).toMatch(/طال انتظار\S* للرد \(الحد: ساعتان من ساعات العمل\)/);
    await card.click();
    await expectAdminPage(page, 'ar', 'الطلبات');
    expect(new URL(page.url()).searchParams.get('waiting')).toBe('true');
    expect(await page.getByLabel('التي طال انتظارها فقط').isChecked()).toBe(true);

    const cards = page.locator('main li').filter({ has: page.getByRole('link') });
    const cardOf = (name: string) => cards.filter({ hasText: name });
    const oldName = seededName(seeded.indexOf(oldNew[0]!));
    await cardOf(oldName).waitFor();
    expect(await cardOf(oldName).getByText('طال انتظاره (الحد: ساعتان)').isVisible()).toBe(true);
    expect(await cardOf('Farid Frais').count()).toBe(0);
    await expectNoSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);

    // Without the filter, the fresh order is listed, unmarked; the old one keeps its mark.
    await page.getByLabel('التي طال انتظارها فقط').uncheck();
    await cardOf('Farid Frais').waitFor();
    expect(await cardOf('Farid Frais').getByText(/طال انتظاره/).count()).toBe(0);
    expect(await cardOf(oldName).getByText('طال انتظاره (الحد: ساعتان)').isVisible()).toBe(true);
    expect(unexpectedErrors(errors)).toEqual([]);
    await page.close();
  });
});
