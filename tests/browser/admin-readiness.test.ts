import { beforeAll, describe, expect, test } from 'vitest';
import { expectAdminPage, expectNoSidewaysScroll, openAdmin, signInOnce, unexpectedErrors } from '../support/admin';
import { browserEnvironment } from '../support/environment';

/**
 * The dashboard's readiness card through the real sign-in, in Arabic on a
 * phone: a fresh site's placeholders, each with a link to the page that
 * fixes it, and nothing sticking out sideways.
 */

const env = browserEnvironment({}, { staffEmails: [] });

beforeAll(async () => {
  await signInOnce(env.browser, env.stack);
});

describe('the readiness card', () => {
  test('lists what still stands in for the dealer’s data, and its links lead to the pages that fix it (Arabic, phone)', async () => {
    const { page, errors } = await openAdmin(env.browser, env.stack, '/admin', { language: 'ar', screen: 'phone' });
    await expectAdminPage(page, 'ar', 'لوحة التحكم');
    const card = page.getByRole('region', { name: 'ما بقي لتجهيز الموقع' });
    await card.waitFor();
    const lines = card.getByRole('listitem');
    const line = (words: string | RegExp) => lines.filter({ hasText: words });
    await expect.poll(() => lines.count()).toBe(6);
    for (const words of [
      'رقم الهاتف المعروض رقم تجريبي',
      'العنوان المعروض عنوان تجريبي',
      'روابط مواقع التواصل تؤدي إلى الصفحة الرئيسية',
      /عنصرًا? في الكتالوج بلا صورة/,
      'لا تُرسل الطلبات الجديدة بالبريد الإلكتروني إلى أحد',
      'لا يزال الموقع يعرض محتواه الأصلي',
    ]) {
      expect(await line(words).count(), String(words)).toBe(1);
    }
    await expectNoSidewaysScroll(page);

    // The photos' line leads to the catalogue, the phone's to the dealer details, where the phones are typed.
    await line(/في الكتالوج بلا صورة/).getByRole('link', { name: 'إضافة الصور في الكتالوج' }).click();
    await expectAdminPage(page, 'ar', 'الكتالوج');
    await page.goBack();
    await line('رقم الهاتف المعروض رقم تجريبي').getByRole('link', { name: 'تعديل معلومات الوكالة' }).click();
    await expectAdminPage(page, 'ar', 'معلومات الوكالة');
    await page.getByLabel('الهواتف (واحد في كل سطر)').waitFor();
    expect(page.url()).toBe(`${env.stack.siteUrl}/admin/dealer`);
    await expectNoSidewaysScroll(page);
    expect(unexpectedErrors(errors)).toEqual([]);
    await page.close();
  });
});
