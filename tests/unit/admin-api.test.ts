import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from '../../lambdas/lib/cursors';
import { parseGroups } from '../../lambdas/staff/staff-auth';
import { inboxCursor, inboxStartKey, parseInboxFilter, planInboxQuery, type InboxFilter } from '../../lambdas/submissions/inbox-query';
import { ordersCsv, type ExportedOrder } from '../../lambdas/submissions/order-export';
import { parseCsv, utf8Bom } from '../../shared/csv';
import { fieldLabel } from '../../shared/forms/fields';
import { loadBundledFormSchema } from '../../shared/forms/schema-files';

describe('cognito:groups as API Gateway passes it', () => {
  it('reads "[admin staff]", a token\'s own list, and nothing else', () => {
    expect(parseGroups('[admin staff]')).toEqual(['admin', 'staff']);
    expect(parseGroups('[staff]')).toEqual(['staff']);
    expect(parseGroups(['admin', 'staff'])).toEqual(['admin', 'staff']);
    expect(parseGroups('[]')).toEqual([]);
    expect(parseGroups(undefined)).toEqual([]);
    expect(parseGroups(42)).toEqual([]);
  });
});

describe('inbox filters', () => {
  const filter = (query: Record<string, string>) => {
    const parsed = parseInboxFilter(query);
    if (!parsed.ok) throw new Error(parsed.parameter);
    return parsed.filter;
  };

  it('takes dates as UTC days and instants as they are; `to` is exclusive', () => {
    expect(filter({ from: '2026-11-01', to: '2026-11-30' })).toEqual({
      list: 'inbox',
      from: '2026-11-01T00:00:00.000Z',
      to: '2026-12-01T00:00:00.000Z',
    });
    expect(filter({ from: '2026-11-01T00:00:00+01:00' }).from).toBe('2026-10-31T23:00:00.000Z');
    const { values } = planInboxQuery(filter({ from: '2026-11-01', to: '2026-11-30' }));
    expect(values[':to']).toBe('2026-11-30T23:59:59.999Z');
  });

  it('queries the most selective index, the other filters as a filter expression', () => {
    const plan = (query: Record<string, string>) => planInboxQuery(filter(query));
    expect(plan({ phone: '+213 661 23 45 67', form: 'tractor-order', status: 'won' })).toMatchObject({
      index: { name: 'byPhone' },
      partition: '661234567',
      filterExpression: '#list = :list AND #form = :form AND #status = :status',
    });
    expect(plan({ form: 'tractor-order', wilaya: 'Setif' })).toMatchObject({ index: { name: 'byForm' }, partition: 'tractor-order' });
    expect(plan({ wilaya: 'Setif', status: 'new' })).toMatchObject({ index: { name: 'byWilaya' }, partition: 'inbox#Setif' });
    expect(plan({ status: 'new', list: 'subscriptions' })).toMatchObject({ index: { name: 'byStatus' }, partition: 'subscriptions#new' });
    expect(plan({})).toMatchObject({ index: { name: 'byList' }, partition: 'inbox', filterExpression: '#status <> :spam' });
  });

  it('names the first malformed parameter', () => {
    expect(parseInboxFilter({ to: '30/11/2026' })).toEqual({ ok: false, parameter: 'to' });
    expect(parseInboxFilter({ read: 'yes' })).toEqual({ ok: false, parameter: 'read' });
    expect(parseInboxFilter({ wilaya: ' ' })).toEqual({ ok: false, parameter: 'wilaya' });
  });
});

describe('cursors', () => {
  const filter: InboxFilter = { list: 'inbox', status: 'new' };
  const key = { orderId: '0b9f0a64-8a25-4c3e-9e1f-6f0b1c2d3e4f', listStatus: 'inbox#new', createdAt: '2026-11-23T10:00:00.000Z' };

  it('come back as the key they hold, for the filter they were made for only', () => {
    const cursor = inboxCursor(filter, key);
    expect(inboxStartKey(filter, cursor)).toEqual(key);
    expect(inboxStartKey({ ...filter, read: false }, cursor)).toBeUndefined();
    expect(inboxStartKey({ list: 'inbox', status: 'won' }, cursor)).toBeUndefined();
  });

  it('refuse any edit, and keys of another shape or partition even with a right checksum', () => {
    const cursor = inboxCursor(filter, key);
    const [body, sum] = cursor.split('.') as [string, string];
    for (let i = 0; i < body.length; i += 7) {
      const edited = `${body.slice(0, i)}${body[i] === 'A' ? 'B' : 'A'}${body.slice(i + 1)}.${sum}`;
      expect(inboxStartKey(filter, edited)).toBeUndefined();
    }
    const shape = { names: ['orderId', 'listStatus', 'createdAt'], partition: { name: 'listStatus', value: 'inbox#new' } };
    expect(decodeCursor('s', encodeCursor('s', { ...key, listStatus: 'inbox#won' }), shape)).toBeUndefined();
    expect(decodeCursor('s', encodeCursor('s', { ...key, extra: 'x' }), shape)).toBeUndefined();
    expect(decodeCursor('s', encodeCursor('s', key), shape)).toEqual(key);
    expect(decodeCursor('s', 'x'.repeat(3000), shape)).toBeUndefined();
  });
});

describe('the CSV export', () => {
  it('has one column per field of the forms present, labelled, formula-safe, phones as numbers', async () => {
    const schemas = new Map([
      ['tractor-order', (await loadBundledFormSchema('form-schemas', 'tractor-order'))!],
      ['contact-message', (await loadBundledFormSchema('form-schemas', 'contact-message'))!],
    ]);
    const order = (formId: string, data: Record<string, unknown>, note = ''): ExportedOrder => ({
      orderId: `${formId}-1`,
      formId,
      createdAt: '2026-11-23T10:05:00.000Z',
      status: 'quoted',
      note,
      data,
      deliveries: { sheet: { state: 'failing', attempts: 2, lastError: 'The relay answered 503' } },
    });
    const csv = ordersCsv(
      [
        order('tractor-order', { tractorModel: 'DI75', fullName: '@SUM(A1)', wilaya: 'Setif', phone: '+213 661 23 45 67' }, '=1+1'),
        order('contact-message', { name: 'Said', phone: '0775 80 80 80', message: 'Bonjour,\n"pièces"' }),
      ],
      (formId) => schemas.get(formId),
      'en',
    );
    expect(csv.startsWith(utf8Bom)).toBe(true);
    const [header, tractor, contact] = parseCsv(csv);
    const tractorFields = ['tractorModel', 'fullName', 'wilaya', 'phone'].map((name) => fieldLabel(schemas.get('tractor-order')!, name, 'en'));
    // The phone column is shared; the contact form adds its own name and message.
    const contactFields = ['name', 'message'].map((name) => fieldLabel(schemas.get('contact-message')!, name, 'en'));
    expect(header).toEqual(['Order id', 'Form', 'Date', 'Status', 'Note', 'Spreadsheet', ...tractorFields, ...contactFields]);
    expect(tractor!.slice(2, 6)).toEqual(['2026-11-23 11:05:00', 'Quoted', "'=1+1", 'Failing (2): The relay answered 503']);
    expect(tractor).toContain("'@SUM(A1)");
    expect(tractor).toContain('00213 661 23 45 67');
    expect(contact).toContain('Bonjour,\n"pièces"');
    expect(contact).toHaveLength(header!.length);
  });
});
