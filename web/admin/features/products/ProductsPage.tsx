import { useId, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import type { AdminProduct } from '../../../../shared/admin-api';
import { productDrawing } from '../../../../shared/products';
import { useLanguage, useLocalize } from '../../../shared/i18n/language';
import { formatPriceDzd } from '../../../shared/lib/format';
import { AdminApiError } from '../../api/client';
import { isAdmin, useSession } from '../../auth/session';
import { ConfirmDelete } from '../../components/ConfirmDelete';
import { DrawingThumbnail } from '../../components/DrawingThumbnail';
import { ErrorMessage, Loading, StatusMessage } from '../../components/feedback';
import { formatDateTime } from '../../components/format';
import { PageHeading } from '../../components/PageHeading';
import { buttonClass, dangerButtonClass, inputClass, labelClass, secondaryButtonClass } from '../../components/styles';
import { TableHead } from '../../components/TableHead';
import { useWideScreen } from '../../components/use-wide-screen';
import { adminText } from '../../texts';
import { categoryName as categoryLabel, subcategoryName } from './catalogue-names';
import { useDeleteProduct, useProducts, type ProductFilter } from './products-api';

const text = adminText.products;

/**
 * /admin/products (spec 000, "Product"): the products behind the home page's
 * featured products, newest first, by category and subcategory.
 */
export default function ProductsPage() {
  const localize = useLocalize();
  const session = useSession();
  const { state } = useLocation() as { state?: { saved?: string } };
  const [params, setParams] = useSearchParams();
  const filter: ProductFilter = {
    category: params.get('category') || undefined,
    subcategory: (params.get('category') && params.get('subcategory')) || undefined,
  };
  const products = useProducts(filter);
  const remove = useDeleteProduct();
  const [deleting, setDeleting] = useState<AdminProduct>();
  const [deleted, setDeleted] = useState<string>();
  const editable = isAdmin(session);

  const confirmDelete = () => {
    const product = deleting!;
    setDeleting(undefined);
    setDeleted(undefined);
    remove.mutate(product, { onSuccess: () => setDeleted(localize(product.name)) });
  };
  const reason = remove.error instanceof AdminApiError ? remove.error.body?.reason : undefined;

  return (
    <>
      <PageHeading title={localize(text.title)}>
        {editable && (
          <Link to="/products/new" className={`${buttonClass} ms-auto`}>
            {localize(text.new)}
          </Link>
        )}
      </PageHeading>
      {!editable && <p className="mb-4 text-ink-muted">{localize(text.adminsOnly)}</p>}
      <CategoryFilter filter={filter} onChange={(next) => setParams(new URLSearchParams(Object.entries(next).filter(([, v]) => v) as [string, string][]))} />
      <StatusMessage>
        {deleted ? localize(text.deleted(deleted)) : state?.saved && localize(text.saved(state.saved))}
      </StatusMessage>
      {remove.error && (
        <ErrorMessage>
          {remove.error.message}
          {typeof reason === 'string' && `: ${reason}`}
        </ErrorMessage>
      )}
      {products.isPending && <Loading />}
      {products.error && <ErrorMessage>{products.error.message}</ErrorMessage>}
      {products.data?.length === 0 && <p className="py-8 text-center text-ink-muted">{localize(text.none)}</p>}
      {products.data && products.data.length > 0 && <ProductList products={products.data} editable={editable} onDelete={setDeleting} />}

      <ConfirmDelete
        question={deleting && localize(text.confirmDelete(localize(deleting.name)))}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(undefined)}
      />
    </>
  );
}

/** Category, then one of its subcategories, from those the products have. */
function CategoryFilter({ filter, onChange }: { filter: ProductFilter; onChange(filter: ProductFilter): void }) {
  const localize = useLocalize();
  const id = useId();
  const all = useProducts().data ?? [];
  const categories = [...new Set(all.map((product) => product.category))].sort();
  const subcategories = [
    ...new Set(all.filter((product) => product.category === filter.category).flatMap((product) => (product.subcategory ? [product.subcategory] : []))),
  ].sort();

  return (
    <form role="search" aria-label={localize(adminText.orders.filters)} className="mb-4 grid gap-3 sm:grid-cols-2 lg:max-w-2xl" onSubmit={(event) => event.preventDefault()}>
      <div>
        <label htmlFor={`${id}-category`} className={labelClass}>
          {localize(text.category)}
        </label>
        <select id={`${id}-category`} value={filter.category ?? ''} onChange={(event) => onChange({ category: event.target.value || undefined })} className={inputClass}>
          <option value="">{localize(text.allCategories)}</option>
          {categories.map((category) => (
            <option key={category} value={category}>
              {localize(categoryLabel(category))}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-subcategory`} className={labelClass}>
          {localize(text.subcategory)}
        </label>
        <select
          id={`${id}-subcategory`}
          value={filter.subcategory ?? ''}
          disabled={!filter.category}
          onChange={(event) => onChange({ ...filter, subcategory: event.target.value || undefined })}
          className={inputClass}
        >
          <option value="">{localize(text.allSubcategories)}</option>
          {subcategories.map((subcategory) => (
            <option key={subcategory} value={subcategory}>
              {localize(subcategoryName(filter.category!, subcategory))}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}

function ProductList({ products, editable, onDelete }: { products: AdminProduct[]; editable: boolean; onDelete(product: AdminProduct): void }) {
  const localize = useLocalize();
  const language = useLanguage();
  const wide = useWideScreen();
  const yesNo = (value: boolean | undefined) => localize(value === false ? adminText.no : adminText.yes);
  const categoryName = (product: AdminProduct) =>
    [localize(categoryLabel(product.category)), product.subcategory && localize(subcategoryName(product.category, product.subcategory))].filter(Boolean).join(' › ');
  const draft = (product: AdminProduct) => product.entry?.draft;
  /** A value of the catalogue's draft, marked as not on the site yet. */
  const drafted = (value: string | undefined) =>
    value !== undefined && <mark className="ms-1 inline-block rounded bg-amber-100 px-1 text-sm text-ink">{localize(text.inDraft(value))}</mark>;
  const price = (product: AdminProduct) => (
    <>
      {product.priceDzd !== undefined && formatPriceDzd(product.priceDzd, language)}
      {drafted(draft(product)?.priceDzd === undefined ? undefined : formatPriceDzd(draft(product)!.priceDzd!, language))}
    </>
  );
  const available = (product: AdminProduct) => (
    <>
      {yesNo(product.available)}
      {drafted(draft(product)?.available === undefined ? undefined : yesNo(draft(product)!.available))}
    </>
  );
  /** The entry it shows, and whether the site lists it. */
  const entry = (product: AdminProduct) =>
    product.entry && (
      <span className="block text-sm font-normal text-ink-muted">
        {localize(text.fromCatalogue(localize(product.entry.label)))}
        {product.entry.hidden && <strong className="ms-1 text-danger-700">{localize(text.hiddenOnSite)}</strong>}
        {drafted(draft(product)?.hidden === undefined ? undefined : localize(draft(product)!.hidden ? text.hiddenOnSite : text.shownOnSite))}
      </span>
    );
  const actions = (product: AdminProduct) =>
    editable && (
      <div className="flex flex-wrap gap-2">
        <Link to={`/products/${product.productId}`} className={secondaryButtonClass}>
          {localize(adminText.edit)}
          <span className="sr-only"> {localize(product.name)}</span>
        </Link>
        <button type="button" onClick={() => onDelete(product)} className={dangerButtonClass}>
          {localize(adminText.delete)}
          <span className="sr-only"> {localize(product.name)}</span>
        </button>
      </div>
    );
  const picture = (product: AdminProduct) =>
    product.pictureUrl ? (
      <img src={product.pictureUrl} alt="" loading="lazy" className="size-16 rounded-lg border border-line object-cover" />
    ) : (
      <DrawingThumbnail kind={productDrawing(product)} label={localize(text.noPicture)} className="size-16" />
    );

  if (!wide) {
    return (
      <ul className="grid gap-3">
        {products.map((product) => (
          <li key={product.productId} className="flex gap-3 rounded-card border border-line bg-white p-4 shadow-sm">
            {picture(product)}
            <div className="min-w-0 flex-1">
              <h2 className="font-bold wrap-anywhere">
                {localize(product.name)}
                {drafted(draft(product)?.name && localize(draft(product)!.name!))}
                {entry(product)}
              </h2>
              <p className="text-sm text-ink-muted">
                {categoryName(product)} · {price(product)}
              </p>
              <p className="text-sm">
                {localize(text.available)}: {available(product)} · {localize(text.featured)}: {yesNo(product.featured)}
              </p>
              <div className="mt-2">{actions(product)}</div>
            </div>
          </li>
        ))}
      </ul>
    );
  }
  const headings = [text.picture, text.name, text.category, text.price, text.available, text.featured, text.created, ...(editable ? [text.actions] : [])];
  return (
    <div className="overflow-x-auto rounded-card border border-line bg-white">
      <table className="w-full">
        <caption className="sr-only">{localize(text.title)}</caption>
        <TableHead headings={headings.map((heading) => localize(heading))} />
        <tbody>
          {products.map((product) => (
            <tr key={product.productId} className="border-b border-line last:border-0">
              <td className="p-3">{picture(product)}</td>
              <th scope="row" className="p-3 text-start font-semibold">
                {localize(product.name)}
                {drafted(draft(product)?.name && localize(draft(product)!.name!))}
                {entry(product)}
              </th>
              <td className="p-3">{categoryName(product)}</td>
              <td className="p-3">{price(product)}</td>
              <td className="p-3">{available(product)}</td>
              <td className="p-3">{yesNo(product.featured)}</td>
              <td className="p-3 whitespace-nowrap">{formatDateTime(product.createdAt, language)}</td>
              {editable && <td className="p-3">{actions(product)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
