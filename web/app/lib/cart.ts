/**
 * The cart the spec keeps in browser storage under the key `cart`. No screen
 * uses it yet; it is kept small, typed and tested so that one can.
 */
export interface CartProduct {
  id: string;
  price: number;
  /** Other product fields (name, image…), kept as given. */
  [field: string]: unknown;
}

export interface CartItem extends CartProduct {
  quantity: number;
}

export const cartStorageKey = 'cart';

/** Where the cart lives; localStorage in the browser. */
export interface CartStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export function createCart(storage: CartStorage) {
  const read = (): CartItem[] => {
    try {
      const items: unknown = JSON.parse(storage.getItem(cartStorageKey) ?? '[]');
      return Array.isArray(items) ? items.filter(isCartItem) : [];
    } catch {
      return []; // a damaged entry must not break the page
    }
  };
  const write = (items: CartItem[]) => storage.setItem(cartStorageKey, JSON.stringify(items));

  return {
    items: read,
    /** Adds a product, or raises its quantity when it is already there. */
    add(product: CartProduct, quantity = 1) {
      const items = read();
      const existing = items.find((item) => item.id === product.id);
      if (existing) existing.quantity += Math.max(1, Math.floor(quantity));
      else items.push({ ...product, quantity: Math.max(1, Math.floor(quantity)) });
      write(items);
    },
    remove(id: string) {
      write(read().filter((item) => item.id !== id));
    },
    /** Sets a quantity; it never goes below 1 (removing is a separate action). */
    setQuantity(id: string, quantity: number) {
      const safe = Number.isFinite(quantity) ? Math.max(1, Math.floor(quantity)) : 1;
      write(read().map((item) => (item.id === id ? { ...item, quantity: safe } : item)));
    },
    clear() {
      storage.removeItem(cartStorageKey);
    },
    total(): number {
      return read().reduce((sum, item) => sum + item.price * item.quantity, 0);
    },
    itemCount(): number {
      return read().reduce((sum, item) => sum + item.quantity, 0);
    },
  };
}

function isCartItem(value: unknown): value is CartItem {
  const item = value as CartItem | null;
  return (
    typeof item === 'object' &&
    item !== null &&
    typeof item.id === 'string' &&
    typeof item.price === 'number' &&
    typeof item.quantity === 'number'
  );
}
