import { describe, expect, it } from 'vitest';
import { cartStorageKey, createCart, type CartStorage } from '../../web/app/lib/cart';

function memoryStorage(initial: Record<string, string> = {}): CartStorage & { data: Record<string, string> } {
  const data = { ...initial };
  return {
    data,
    getItem: (key) => data[key] ?? null,
    setItem: (key, value) => void (data[key] = value),
    removeItem: (key) => void delete data[key],
  };
}

const plough = { id: 'plough-3', price: 450_000, name: 'Charrue 3 socs' };
const mower = { id: 'mower', price: 300_000 };

describe('cart', () => {
  it('adds products, merges repeats, and keeps everything under the key "cart"', () => {
    const storage = memoryStorage();
    const cart = createCart(storage);
    cart.add(plough);
    cart.add(plough, 2);
    cart.add(mower);
    expect(cart.items()).toEqual([
      { ...plough, quantity: 3 },
      { ...mower, quantity: 1 },
    ]);
    expect(JSON.parse(storage.data[cartStorageKey]!)).toEqual(cart.items());
  });

  it('computes the total and the item count', () => {
    const cart = createCart(memoryStorage());
    cart.add(plough, 2);
    cart.add(mower);
    expect(cart.total()).toBe(1_200_000);
    expect(cart.itemCount()).toBe(3);
  });

  it('never sets a quantity below 1', () => {
    const cart = createCart(memoryStorage());
    cart.add(plough, 4);
    for (const quantity of [0, -3, Number.NaN]) {
      cart.setQuantity(plough.id, quantity);
      expect(cart.items()[0]!.quantity).toBe(1);
    }
    cart.setQuantity(plough.id, 5);
    expect(cart.items()[0]!.quantity).toBe(5);
  });

  it('removes one product and clears all', () => {
    const storage = memoryStorage();
    const cart = createCart(storage);
    cart.add(plough);
    cart.add(mower);
    cart.remove(plough.id);
    expect(cart.items().map((item) => item.id)).toEqual([mower.id]);
    cart.clear();
    expect(cart.items()).toEqual([]);
    expect(storage.data[cartStorageKey]).toBeUndefined();
  });

  it('survives a damaged stored value', () => {
    const cart = createCart(memoryStorage({ [cartStorageKey]: '{not json' }));
    expect(cart.items()).toEqual([]);
    expect(cart.total()).toBe(0);
  });
});
