import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminProduct, ProductInput, ProductList, ProductResponse } from '../../../../shared/admin-api';
import { queryString, useAdminRequest } from '../../api/client';

/** The products' calls (shared/admin-api.ts); every change shows on the home page's featured products at once. */

export interface ProductFilter {
  category?: string;
  subcategory?: string;
}

const productKeys = {
  all: ['products'] as const,
  list: (filter: ProductFilter) => ['products', filter] as const,
};

/** Newest first (the API lists at most 100). */
export function useProducts(filter: ProductFilter = {}) {
  const request = useAdminRequest();
  return useQuery({
    queryKey: productKeys.list(filter),
    queryFn: ({ signal }) => request<ProductList>(`/products${queryString({ ...filter })}`, { signal }).then(({ products }) => products),
  });
}

/** Creates the product, or replaces the one with this id. */
export function useSaveProduct(productId: string | undefined) {
  const request = useAdminRequest();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProductInput) =>
      request<ProductResponse>(productId ? `/products/${encodeURIComponent(productId)}` : '/products', {
        method: productId ? 'PUT' : 'POST',
        body: input,
      }).then(({ product }) => product),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}

export function useDeleteProduct() {
  const request = useAdminRequest();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (product: AdminProduct) => request<void>(`/products/${encodeURIComponent(product.productId)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}

/** What the editor edits of a product: the schema's fields, without the id, the date, the picture's URL and what the catalogue says of its entry. */
export function productInput({ productId: _id, createdAt: _created, pictureUrl: _url, entry: _entry, ...input }: AdminProduct): ProductInput {
  return { ...input, available: input.available ?? true };
}
