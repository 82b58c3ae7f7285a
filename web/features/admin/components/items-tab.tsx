import { useState } from 'react';
import { ALL, GENDERS, SEARCH_MAX_LENGTH } from '../../../../common/constants';
import { ADMIN_PRODUCTS_PAGE_SIZE, ADMIN_TEXTS, withReason } from '../../../../common/admin-constants';
import { pageCount } from '../../../../common/schemas/paging';
import type { Product } from '../../../../common/schemas/product';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Pager } from '../../../components/ui/pager';
import { SelectField } from '../../../components/ui/select-field';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { useCategories } from '../../../lib/categories';
import { reasonOf } from '../../../lib/errors';
import { useDeleteProduct } from '../api/delete-product';
import { useAdminProducts, type AdminProductFilters } from '../api/get-admin-products';
import { plural } from '../format';
import { ItemCard } from './item-card';
import { ItemFormDialog } from './item-form-dialog';
import { usePagedFilters } from '../hooks/use-paged-filters';

const NO_FILTERS: AdminProductFilters = { search: '', category: ALL, gender: ALL, best: 'all' };
const GENDER_OPTIONS = [{ value: ALL, label: 'All genders' }, ...GENDERS.map((g) => ({ value: g, label: g }))];
const BEST_OPTIONS = [
  { value: 'all', label: 'All products' },
  { value: 'true', label: 'Best products only' },
  { value: 'false', label: 'Not best products' },
];

type Editing = { product: Product | null } | null;

/** Item Management (spec section 2): search, filters, cards with Edit and Delete, Add New Item, pages of 25 by row. */
export function ItemsTab() {
  const toast = useToast();
  const { filters, setFilters, query, page, setPage } = usePagedFilters(NO_FILTERS);

  const products = useAdminProducts({ ...query, page });
  const categories = useCategories();
  const remove = useDeleteProduct();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Product | null>(null);

  const total = products.data?.total ?? 0;
  const pages = pageCount(total, ADMIN_PRODUCTS_PAGE_SIZE);
  if (products.data && !products.isPlaceholderData && page > pages) setPage(pages);

  const filtered = JSON.stringify(filters) !== JSON.stringify(NO_FILTERS);
  const searching = filters !== query || (products.isFetching && !products.isPending);
  const categoryOptions = [{ value: ALL, label: 'All categories' }, ...(categories.data ?? []).map((c) => ({ value: c.name, label: c.name }))];
  const set = (field: keyof AdminProductFilters) => (event: { target: { value: string } }) => setFilters((f) => ({ ...f, [field]: event.target.value }));

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast(ADMIN_TEXTS.itemDeleted, 'success'),
      onError: (err) => toast(`${ADMIN_TEXTS.errorDeletingItem} (${reasonOf(err)})`, 'error'),
      onSettled: () => setDeleting(null),
    });
  };

  const first = (page - 1) * ADMIN_PRODUCTS_PAGE_SIZE + 1;
  return (
    <div className="admin-section">
      <div className="toolbar" role="search" aria-label="Items">
        <div className="field toolbar-search">
          <label htmlFor="admin-item-search">Search items</label>
          <div className="search-input">
            <input
              id="admin-item-search"
              type="search"
              placeholder="Title, description, brand or category"
              maxLength={SEARCH_MAX_LENGTH}
              value={filters.search}
              onChange={set('search')}
            />
            {searching && <Spinner size="small" label="Searching" className="search-input-spinner" />}
          </div>
        </div>
        <SelectField label="Category" options={categoryOptions} value={filters.category} onChange={set('category')} />
        <SelectField label="Gender" options={GENDER_OPTIONS} value={filters.gender} onChange={set('gender')} />
        <SelectField label="Best" options={BEST_OPTIONS} value={filters.best} onChange={set('best')} />
        <div className="toolbar-actions">
          <button type="button" className="button button-ghost" onClick={() => setFilters(NO_FILTERS)} disabled={!filtered}>
            {ADMIN_TEXTS.clearAllFilters}
          </button>
          <button type="button" className="button button-primary" onClick={() => setEditing({ product: null })}>
            {ADMIN_TEXTS.addNewItem}
          </button>
        </div>
      </div>
      {categories.isError && (
        <p className="field-error" role="alert">
          {withReason(ADMIN_TEXTS.errorFetchingCategories, reasonOf(categories.error))}
        </p>
      )}

      <section aria-label="Item list" aria-busy={searching || products.isFetching}>
        {products.isPending && (
          <div className="status status-loading">
            <Spinner label="Loading items" />
          </div>
        )}
        {products.isError && (
          <div className="status status-error" role="alert">
            <p>Failed to load items: {reasonOf(products.error)}</p>
            <button type="button" className="button button-primary" onClick={() => void products.refetch()}>
              Retry
            </button>
          </div>
        )}
        {products.data && (
          <>
            <p className="summary" aria-live="polite">
              {total === 0
                ? filtered
                  ? 'No items match these filters.'
                  : 'No items yet. Add one, or make one from an uploaded image.'
                : `Showing ${first}–${Math.min(first + products.data.items.length - 1, total)} of ${plural(total, 'item')}`}
            </p>
            <ul className="item-grid">
              {products.data.items.map((product) => (
                <ItemCard key={product.id} product={product} onEdit={() => setEditing({ product })} onDelete={() => setDeleting(product)} />
              ))}
            </ul>
          </>
        )}
        <Pager page={page} pageCount={pages} onChange={setPage} label="Item pages" />
      </section>

      {editing && <ItemFormDialog product={editing.product} categories={categories.data ?? []} onClose={() => setEditing(null)} />}
      {deleting && (
        <ConfirmDialog
          title="Delete item?"
          busy={remove.isPending}
          onConfirm={confirmDelete}
          onCancel={() => setDeleting(null)}
        >
          <p>
            <strong>{deleting.title}</strong> will be removed from the store. This cannot be undone.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
