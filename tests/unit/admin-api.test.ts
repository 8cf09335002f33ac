import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from '../../lambdas/lib/cursors';
import { parseGroups } from '../../lambdas/staff/staff-auth';
import { inboxCursor, inboxStartKey, parseInboxFilter, planInboxQuery, type InboxFilter } from '../../lambdas/submissions/inbox-query';
import { exportCsv, exportSheets, type ExportedOrder } from '../../lambdas/submissions/order-export';
import { parseCsv, utf8Bom } from '../../shared/csv';
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
      archived: false,
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
      filterExpression: '#list = :list AND #form = :form AND #status = :status AND attribute_not_exists(#archived)',
    });
    expect(plan({ form: 'tractor-order', wilaya: 'Setif' })).toMatchObject({ index: { name: 'byForm' }, partition: 'tractor-order' });
    expect(plan({ wilaya: 'Setif', status: 'new' })).toMatchObject({ index: { name: 'byWilaya' }, partition: 'inbox#Setif' });
    expect(plan({ status: 'new', list: 'subscriptions' })).toMatchObject({ index: { name: 'byStatus' }, partition: 'subscriptions#new' });
    expect(plan({})).toMatchObject({ index: { name: 'byList' }, partition: 'inbox', filterExpression: '#status <> :spam AND attribute_not_exists(#archived)' });
    // Archived orders only when asked for; a staff member's and a label's as filter expressions.
    expect(plan({ archived: 'true', assignee: 'karim@example.com', label: 'Urgent' })).toMatchObject({
      index: { name: 'byList' },
      filterExpression: '#status <> :spam AND #assignee = :assignee AND #archived = :archived AND contains(#labels, :label)',
      values: { ':assignee': 'karim@example.com', ':archived': true, ':label': 'Urgent' },
    });
    // The dashboard's figures plan their Query without the inbox's default: archived orders count.
    expect(planInboxQuery({ list: 'inbox' }).filterExpression).toBe('#status <> :spam');
  });

  it('names the first malformed parameter', () => {
    expect(parseInboxFilter({ to: '30/11/2026' })).toEqual({ ok: false, parameter: 'to' });
    expect(parseInboxFilter({ read: 'yes' })).toEqual({ ok: false, parameter: 'read' });
    expect(parseInboxFilter({ wilaya: ' ' })).toEqual({ ok: false, parameter: 'wilaya' });
    expect(parseInboxFilter({ assignee: 'me' })).toEqual({ ok: false, parameter: 'assignee' });
    expect(parseInboxFilter({ archived: 'false' })).toEqual({ ok: false, parameter: 'archived' });
    for (const label of ['', ' urgent', 'a'.repeat(31), 'deux\nlignes', 'bell\u0007']) expect(parseInboxFilter({ label })).toEqual({ ok: false, parameter: 'label' });
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

describe('the exports', () => {
  const order = (formId: string, data: Record<string, unknown>, note = ''): ExportedOrder => ({
    orderId: `${formId}-1`,
    formId,
    createdAt: '2026-11-23T10:05:00.000Z',
    status: 'quoted',
    note,
    data,
  });

  it('make a sheet per form: name, phone, wilaya, item, the sheet’s other columns, date, status, note, the reference last', async () => {
    const schemas = new Map([
      ['tractor-order', (await loadBundledFormSchema('form-schemas', 'tractor-order'))!],
      ['contact-message', (await loadBundledFormSchema('form-schemas', 'contact-message'))!],
      ['part-wheeled-tractor', (await loadBundledFormSchema('form-schemas', 'part-wheeled-tractor'))!],
    ]);
    const sheets = exportSheets(
      [
        order('tractor-order', { tractorModel: 'DI75', fullName: 'Karim', wilaya: 'Setif', phone: '0661 23 45 67', additionalEquipment: 'Charrue' }, 'Rappeler'),
        order('part-wheeled-tractor', { ...schemas.get('part-wheeled-tractor')!.examples[0], images: ['https://site.example/photos/a.jpg', 'https://site.example/photos/b.jpg'] }),
        // Stored before international numbers took their readable form.
        order('contact-message', { name: 'Said', phone: '0033612345678', message: 'Bonjour' }),
      ],
      (formId) => schemas.get(formId),
      'fr',
    );
    expect(sheets.map((sheet) => sheet.formId)).toEqual(['tractor-order', 'part-wheeled-tractor', 'contact-message']);
    const [tractor, part, contact] = sheets;
    const record = ['Date', 'Statut', 'Note', 'N° de demande'];
    expect(tractor!.header).toEqual(['Nom complet', 'Téléphone', 'Wilaya', 'Modèle', 'Équipement supplémentaire (facultatif)', ...record]);
    expect(tractor!.rows[0]).toEqual([
      { kind: 'text', text: 'Karim' },
      { kind: 'phone', text: '0661 23 45 67' },
      { kind: 'text', text: '19 - Sétif' },
      { kind: 'text', text: 'DI75' },
      { kind: 'text', text: 'Charrue' },
      { kind: 'date', iso: '2026-11-23T10:05:00.000Z' },
      { kind: 'text', text: 'Devis envoyé' },
      { kind: 'text', text: 'Rappeler' },
      { kind: 'text', text: 'tractor-order-1' },
    ]);
    // The item (the tractor the form was opened from) after the wilaya; each photo its own linked column.
    expect(part!.header.slice(0, 5)).toEqual(['Nom complet', 'Téléphone', 'Wilaya', 'Tracteur', 'Nom de la pièce']);
    const photos = part!.header.filter((label) => label.startsWith('Photos'));
    expect(photos).toHaveLength(2);
    expect(part!.rows[0]!.filter((cell) => cell?.kind === 'link')).toEqual([
      { kind: 'link', url: 'https://site.example/photos/a.jpg' },
      { kind: 'link', url: 'https://site.example/photos/b.jpg' },
    ]);
    expect(contact!.header).toEqual(['Nom', 'Téléphone (facultatif)', 'E-mail', 'Message', ...record]);
    expect(contact!.rows[0]![1]).toEqual({ kind: 'phone', text: '+33 6 12 34 56 78' });
    expect(new Set(contact!.header).size).toBe(contact!.header.length);
  });

  it('write the CSV a form after another, formula-safe, a date as spreadsheets read one, a number abroad as text', async () => {
    const schemas = new Map([
      ['tractor-order', (await loadBundledFormSchema('form-schemas', 'tractor-order'))!],
      ['contact-message', (await loadBundledFormSchema('form-schemas', 'contact-message'))!],
    ]);
    const csv = exportCsv(
      exportSheets(
        [
          order('tractor-order', { tractorModel: 'DI75', fullName: '@SUM(A1)', wilaya: 'Setif', phone: '+213 661 23 45 67' }, '=1+1'),
          order('contact-message', { name: 'Said', phone: '+33 6 12 34 56 78', message: 'Bonjour,\n"pièces"' }),
        ],
        (formId) => schemas.get(formId),
        'en',
      ),
    );
    expect(csv.startsWith(utf8Bom)).toBe(true);
    const rows = parseCsv(csv);
    expect(rows.map((row) => row[0])).toEqual(['Order a tractor', 'Full name', "'@SUM(A1)", '', schemas.get('contact-message')!['x-title'].en, 'Name', 'Said']);
    const [, tractorHeader, tractor, , , contactHeader, contact] = rows;
    expect(tractor).toHaveLength(tractorHeader!.length);
    expect(tractor!.slice(1, 3)).toEqual(['0661 23 45 67', '19 - Setif']);
    expect(tractor!.slice(-4)).toEqual(['2026-11-23 11:05', 'Quoted', "'=1+1", 'tractor-order-1']);
    expect(contact![contactHeader!.indexOf('Phone (optional)')]).toBe("'+33 6 12 34 56 78");
    expect(contact).toContain('Bonjour,\n"pièces"');
  });
});

