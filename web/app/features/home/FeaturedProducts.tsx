import type { ProductsResponse } from '../../../../shared/api';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { itemAddress } from '../../../../shared/catalogue/paths';
import { catalogueEntryOf, productDrawing, type Product } from '../../../../shared/products';
import { useLanguage, useLocalize } from '../../../shared/i18n/language';
import { useSiteText } from '../../../shared/content/content';
import { formatPriceDzd } from '../../../shared/lib/format';
import { ItemPicture } from '../../pictures/ItemPicture';

type State = { state: 'loading' } | { state: 'loaded'; products: Product[] } | { state: 'failed' };

/** Where "View product" leads: the product's own card when it shows a catalogue entry (`/tracteurs#di75-4x2`), else its page. */
function productAddress(product: Product): string {
  const entry = catalogueEntryOf(product);
  return entry ? itemAddress(product.path, entry.id) : product.path;
}

export function FeaturedProducts() {
  const text = useSiteText().home;
  const language = useLanguage();
  const localize = useLocalize();
  const [state, setState] = useState<State>({ state: 'loading' });

  useEffect(() => {
    let active = true;
    fetch('/api/products')
      .then((response) => (response.ok ? (response.json() as Promise<ProductsResponse>) : Promise.reject()))
      .then(
        ({ products }) => active && setState({ state: 'loaded', products: products.filter((p) => p.featured).slice(0, 6) }),
        () => active && setState({ state: 'failed' }),
      );
    return () => {
      active = false;
    };
  }, []);

  return (
    <section id="featured" className="mx-auto max-w-6xl px-4 py-12">
      <h2 className="mb-6 text-2xl font-bold text-brand-900">{localize(text.featuredTitle)}</h2>
      {state.state === 'failed' && <p className="text-ink-muted">{localize(text.productsFailed)}</p>}
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy={state.state === 'loading'}>
        {state.state === 'loading' &&
          [0, 1, 2].map((i) => <li key={i} className="h-80 animate-pulse rounded-card bg-brand-50 noscript:hidden" aria-hidden="true" />)}
        {state.state === 'loaded' &&
          state.products.map((product) => (
            <li key={product.productId} className="flex flex-col overflow-hidden rounded-card border border-line bg-white shadow-sm">
              <ItemPicture
                pictureUrl={product.pictureUrl}
                alt={localize(product.name)}
                placeholder={productDrawing(product)}
              />
              <div className="flex flex-1 flex-col gap-2 p-4">
                <h3 className="text-lg font-bold text-brand-900">{localize(product.name)}</h3>
                {product.priceDzd !== undefined && <p className="font-bold">{formatPriceDzd(product.priceDzd, language)}</p>}
                <Link
                  to={productAddress(product)}
                  className="mt-auto flex min-h-12 items-center justify-center rounded-lg border-2 border-brand-700 px-4 font-semibold text-brand-800 hover:bg-brand-50"
                >
                  {localize(text.viewProduct)}
                  <span className="sr-only"> {localize(product.name)}</span>
                </Link>
              </div>
            </li>
          ))}
      </ul>
    </section>
  );
}
