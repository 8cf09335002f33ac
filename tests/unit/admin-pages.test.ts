import { describe, expect, it } from 'vitest';
import { returnPath, signInPath } from '../../web/admin/auth/return-path';
import { apiFilter, filterFromSearch, searchOf } from '../../web/admin/features/orders/order-filter';

/** The admin pages' own logic: where signing in leads back to, and the inbox's filters in the address. */

describe('the way back after signing in', () => {
  it('leads back to the admin page asked for, with its query', () => {
    const asked = '/orders?status=new&phone=0661%2012';
    expect(signInPath(asked)).toBe(`/login?next=${encodeURIComponent(asked)}`);
    expect(returnPath(new URLSearchParams(signInPath(asked).split('?')[1]).get('next'))).toBe(asked);
    expect(signInPath('/')).toBe('/login');
  });

  it.each([null, '', 'https://evil.example/', '//evil.example/path', '/\\evil.example', 'orders'])('never leads elsewhere: %j goes to the dashboard', (next) => {
    expect(returnPath(next)).toBe('/');
  });
});

describe('the inbox filter in the address', () => {
  it('reads what it knows and drops what it does not; an older address’s phone is read as the search', () => {
    const filter = filterFromSearch(new URLSearchParams('list=subscriptions&status=won&form=tractor-order&wilaya=Setif&phone=%2B213%20661&from=2026-11-01&to=2026-11-30&read=false&delivery=needsStaff'));
    expect(filter).toEqual({
      q: '+213 661',
      list: 'subscriptions',
      status: 'won',
      form: 'tractor-order',
      wilaya: 'Setif',
      from: '2026-11-01',
      to: '2026-11-30',
      unreadOnly: true,
      needsStaff: true,
    });
    expect(filterFromSearch(new URLSearchParams('list=archive&status=done&from=yesterday&to=2026-13&read=yes&delivery=late'))).toEqual({
      q: undefined,
      list: 'inbox',
      form: undefined,
      status: undefined,
      wilaya: undefined,
      from: undefined,
      to: undefined,
      unreadOnly: undefined,
      needsStaff: undefined,
    });
  });

  it('writes only what is set, and reads back the same filter', () => {
    const filter = filterFromSearch(new URLSearchParams('status=new&q=Karim 0661&to=2026-11-30'));
    expect(searchOf(filter).toString()).toBe('q=Karim+0661&status=new&to=2026-11-30');
    expect(filterFromSearch(searchOf(filter))).toEqual(filter);
    expect(searchOf({ list: 'inbox' }).toString()).toBe('');
  });

  it('asks the API for the staff member’s whole days, from the first local midnight to the one after the last day', () => {
    const { from, to, read, list } = apiFilter({ list: 'inbox', from: '2026-11-01', to: '2026-11-30', unreadOnly: true });
    expect(from).toBe(new Date(2026, 10, 1).toISOString());
    expect(to).toBe(new Date(2026, 11, 1).toISOString());
    expect([read, list]).toEqual(['false', 'inbox']);
  });
});
