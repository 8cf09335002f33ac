import { describe, expect, it } from 'vitest';
import { adminText } from '../../web/admin/texts';

/** Counts agree with their number in Arabic's six forms (Intl.PluralRules), and in French and English. */
describe('counts in the staff’s words', () => {
  it.each([
    [0, 'لا طلبات جديدة'],
    [1, '1 طلب جديد'],
    [2, 'طلبان جديدان'],
    [3, '3 طلبات جديدة'],
    [11, '11 طلبًا جديدًا'],
    [100, '100 طلب جديد'],
  ])('%i new orders, in Arabic: %s', (count, said) => {
    expect(adminText.dashboard.ordersText(count).ar).toBe(said);
  });

  it('a page changed in its languages', () => {
    expect([1, 2, 3].map((count) => adminText.content.inLanguages(count).ar)).toEqual(['بلغة واحدة', 'بلغتين', 'بـ3 لغات']);
    expect([1, 3].map((count) => adminText.content.inLanguages(count).fr)).toEqual(['en 1 langue', 'en 3 langues']);
    expect(adminText.content.published(291, '3.4').ar).toBe('نُشرت 291 صفحة في 3.4 ث.');
    expect(adminText.content.published(5, '1.0').ar).toBe('نُشرت 5 صفحات في 1.0 ث.');
  });
});
