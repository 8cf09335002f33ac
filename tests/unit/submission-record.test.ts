import { describe, expect, it } from 'vitest';
import { fingerprint, indexAttributes, newSubmission, type NewSubmission } from '../../lambdas/submissions/record';
import { loadBundledFormSchema } from '../../shared/forms/schema-files';
import { safeCell } from '../../shared/safe-cell';
import { phoneSearchKey } from '../../shared/submissions';

const schemaOf = async (formId: string) => (await loadBundledFormSchema('form-schemas', formId))!;

describe('phoneSearchKey', () => {
  it('finds one caller however the number was typed', () => {
    const typed = ['0661 23 45 67', '0661-23-45-67', '+213661234567', '+213 661 23 45 67', '00213 661 234 567', '661234567'];
    expect(new Set(typed.map(phoneSearchKey))).toEqual(new Set(['661234567']));
  });

  it('keeps other countries apart and ignores text without digits', () => {
    expect(phoneSearchKey('+33 6 12 34 56 78')).toBe('0033612345678');
    expect(phoneSearchKey('0033 6 12 34 56 78')).toBe('0033612345678');
    expect(phoneSearchKey('abc')).toBeUndefined();
  });
});

describe('spreadsheet cells', () => {
  it('turns a would-be formula into text and leaves the rest alone', () => {
    for (const formula of ['=1+1', '+1', '-1', '@A1', '\t=1', '\r=1']) expect(safeCell(formula)).toBe(`'${formula}`);
    for (const text of ['Karim', '0661 23 45 67', 'a=b', '', "'already text"]) expect(safeCell(text)).toBe(text);
  });
});

describe('a new submission', () => {
  it('is new, unread, at version 1, with each delivery pending, and indexed by list, status, wilaya and phone', async () => {
    const schema = await schemaOf('tractor-order');
    const data = { ...schema.examples[0]!, phone: '+33 6 12 34 56 78' } as Record<string, string>;
    const submission = newSubmission({
      formId: 'tractor-order',
      schema,
      orderId: '0b9f0a64-8a25-4c3e-9e1f-6f0b1c2d3e4f',
      language: 'fr',
      data,
      fingerprint: fingerprint(data),
      createdAt: '2026-11-23T10:00:00.000Z',
      deliveries: ['sheet', 'email'],
    });
    expect(submission).toMatchObject({
      list: 'inbox',
      status: 'new',
      read: false,
      version: 1,
      history: [],
      sheet: 'tractor-orders',
      deliveries: {
        sheet: { state: 'pending', attempts: 0, nextAttemptAt: '2026-11-23T10:00:00.000Z' },
        email: { state: 'pending', attempts: 0, nextAttemptAt: '2026-11-23T10:00:00.000Z' },
      },
    });
    expect(submission.row[1]).toBe("'+33 6 12 34 56 78");
    expect(indexAttributes(submission, schema)).toEqual({
      list: 'inbox',
      listStatus: 'inbox#new',
      listWilaya: `inbox#${data.wilaya}`,
      phoneKey: '0033612345678',
      deliveryDue: 'due',
      nextAttemptAt: '2026-11-23T10:00:00.000Z',
    });
  });

  /** A newsletter subscription, the other list. */
  const subscription = async (options: Pick<NewSubmission, 'deliveries' | 'spam' | 'check'>) => {
    const schema = await schemaOf('newsletter-subscription');
    const data = schema.examples[0]!;
    const submission = newSubmission({
      formId: 'newsletter-subscription',
      schema,
      orderId: '0b9f0a64-8a25-4c3e-9e1f-6f0b1c2d3e4f',
      language: 'ar',
      data,
      fingerprint: fingerprint(data),
      createdAt: '2026-11-23T10:00:00.000Z',
      ...options,
    });
    return { schema, submission };
  };

  it('caught as spam is kept apart and owes no delivery', async () => {
    const { schema, submission } = await subscription({ deliveries: ['sheet'], spam: 'honeypot' });
    expect(submission).toMatchObject({ list: 'subscriptions', status: 'spam', deliveries: {}, spam: { reason: 'honeypot' } });
    expect(indexAttributes(submission, schema)).toEqual({ list: 'subscriptions', listStatus: 'subscriptions#spam' });
  });

  it('marked for staff to check (sent too fast) is new and owes its deliveries like any other', async () => {
    const { schema, submission } = await subscription({ deliveries: ['sheet'], check: 'tooFast' });
    expect(submission).toMatchObject({ status: 'new', check: { reason: 'tooFast' }, deliveries: { sheet: { state: 'pending' } } });
    expect(submission).not.toHaveProperty('spam');
    expect(indexAttributes(submission, schema)).toMatchObject({ listStatus: 'subscriptions#new', deliveryDue: 'due' });
  });

  it('owes the staff e-mail only for the inbox, not for a newsletter subscription', async () => {
    const { submission } = await subscription({ deliveries: ['sheet', 'email'] });
    expect(Object.keys(submission.deliveries)).toEqual(['sheet']);
  });

  it('has a fingerprint that ignores the order of the keys', () => {
    expect(fingerprint({ a: 1, b: ['x', { c: 2, d: 3 }] })).toBe(fingerprint({ b: ['x', { d: 3, c: 2 }], a: 1 }));
    expect(fingerprint({ a: 1 })).not.toBe(fingerprint({ a: 2 }));
  });
});
