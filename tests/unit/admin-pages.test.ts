import { describe, expect, it } from 'vitest';
import { tractors } from '../../shared/catalogue/tractors';
import { returnPath, signInPath } from '../../web/admin/auth/return-path';
import { problemPlace } from '../../web/admin/features/content/problem-place';
import { adminText } from '../../web/admin/texts';
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
  it('reads what it knows and drops what it does not', () => {
    const filter = filterFromSearch(new URLSearchParams('list=subscriptions&status=won&form=tractor-order&wilaya=Setif&phone=%2B213%20661&from=2026-11-01&to=2026-11-30&read=false'));
    expect(filter).toEqual({
      list: 'subscriptions',
      status: 'won',
      form: 'tractor-order',
      wilaya: 'Setif',
      phone: '+213 661',
      from: '2026-11-01',
      to: '2026-11-30',
      unreadOnly: true,
    });
    expect(filterFromSearch(new URLSearchParams('list=archive&status=done&from=yesterday&to=2026-13&read=yes'))).toEqual({
      list: 'inbox',
      form: undefined,
      status: undefined,
      wilaya: undefined,
      phone: undefined,
      from: undefined,
      to: undefined,
      unreadOnly: undefined,
    });
  });

  it('writes only what is set, and reads back the same filter', () => {
    const filter = filterFromSearch(new URLSearchParams('status=new&phone=0661 12 34 56&to=2026-11-30'));
    expect(searchOf(filter).toString()).toBe('status=new&phone=0661+12+34+56&to=2026-11-30');
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

describe('where a problem in the draft is, as staff read it', () => {
  const english = (text: { en: string }) => text.en;
  const tractor = tractors[0]!;

  it('names the catalogue entry and the field, not the path', () => {
    expect(problemPlace(`catalogue.tractors.changed.${tractor.id}.priceDzd`, {}, english)).toBe(`${tractor.name.en} — Price (DZD)`);
    const draft = { catalogue: { 'truckBrands/jac/models': { added: [{ id: 'n721', name: { fr: 'N721 Euro 5' } }] } } };
    expect(problemPlace('catalogue.truckBrands/jac/models.added.0.name', draft, english)).toBe('N721 Euro 5 — Name');
  });

  it('names the dealer detail, and keeps a site text’s key (the translations page shows it)', () => {
    expect(problemPlace('dealer.social.0.name', {}, english)).toBe(`Dealer details — ${adminText.dealer.social.en}`);
    expect(problemPlace('texts.site.home.heroTitle.fr', {}, english)).toBe('texts.site.home.heroTitle.fr');
  });
});
