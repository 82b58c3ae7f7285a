import { useState, type ReactNode } from 'react';
import { ALL, GENDERS, SEARCH_MAX_LENGTH } from '../../../../common/constants';
import { ADMIN_PRODUCTS_PAGE_SIZE } from '../../../../common/admin-constants';
import { ADMIN_TEXTS, withReason } from '../../../../common/texts/admin';
import { EXPORT_FORMATS, type ExportFormat } from '../../../../common/import-columns';
import type { BulkEditInput, BulkEditResult } from '../../../../common/schemas/changes';
import { pageCount } from '../../../../common/schemas/paging';
import { ADMIN_PAGE_SIZES, type AdminProduct, type AdminProductSort } from '../../../../common/schemas/product';
import { COMMON_TEXTS } from '../../../../common/texts/common';
import { buildUrl } from '../../../lib/api-client';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Pager } from '../../../components/ui/pager';
import { SelectField } from '../../../components/ui/select-field';
import { Spinner } from '../../../components/ui/spinner';
import { LoadStatus } from '../../../components/ui/load-status';
import { useToast } from '../../../components/ui/toast';
import { useCategories } from '../../../lib/categories';
import { reasonOf } from '../../../lib/errors';
import { useDeleteProduct } from '../api/delete-product';
import { useUndoBulkEdit } from '../api/bulk-edit-products';
import { useAdminProducts, type AdminProductFilters } from '../api/get-admin-products';
import { plural } from '../../../lib/admin/format';
import { BulkBar } from './bulk-bar';
import { ItemCard } from './item-card';
import { ItemFormDialog, type ImagePickerComponent } from './item-form-dialog';
import { usePagedFilters } from '../../../lib/admin/use-paged-filters';
import { useRefetchPictures } from '../../../lib/admin/refetch-pictures';
import './items.css';

const NO_FILTERS: AdminProductFilters = { search: '', category: ALL, gender: ALL, best: 'all', picture: 'any', link: 'any', group: '' };
const GENDER_OPTIONS = [{ value: ALL, label: 'All genders' }, ...GENDERS.map((g) => ({ value: g, label: g }))];
const BEST_OPTIONS = [
  { value: 'all', label: 'All products' },
  { value: 'true', label: 'Best products only' },
  { value: 'false', label: 'Not best products' },
];
const PICTURE_OPTIONS = [
  { value: 'any', label: 'Any' },
  { value: 'some', label: 'Has picture' },
  { value: 'none', label: 'No picture' },
];
const LINK_OPTIONS = [
  { value: 'any', label: 'Any' },
  { value: 'some', label: 'Has link' },
  { value: 'none', label: 'No link' },
];

type Editing = { product: AdminProduct | null } | null;

const SORT_OPTIONS: Array<{ value: AdminProductSort; label: string }> = [
  { value: 'row', label: 'Row' },
  { value: 'title', label: 'Title' },
  { value: 'price', label: 'Price, lowest first' },
  { value: 'price-desc', label: 'Price, highest first' },
  { value: 'updated', label: 'Last changed' },
];
const PAGE_SIZE_OPTIONS = ADMIN_PAGE_SIZES.map((n) => ({ value: String(n), label: `${n} a page` }));
const FORMAT_OPTIONS = EXPORT_FORMATS.map((f) => ({ value: f, label: f.toUpperCase() }));

/** The ticked items, or every item matching the filters ("select all N matching"). */
type Selection = { ids: ReadonlySet<string>; allMatching: boolean };
const NOTHING: Selection = { ids: new Set(), allMatching: false };

/**
 * What other areas show inside this tab: the admin page (web/app) passes them in, since features never import each
 * other. `imports` are the Import button, a running import's progress and the import dialog; `imagePicker` is the
 * item form's gallery.
 */
export type ItemsTabParts = {
  imports: { button: ReactNode; status: ReactNode; dialog: ReactNode; synced: ReactNode; history: ReactNode };
  imagePicker: ImagePickerComponent;
};

/** Item Management (spec section 2): search, filters, cards with Edit and Delete, Add New Item, pages of 25 by row. */
export function ItemsTab({ imports, imagePicker }: ItemsTabParts) {
  const toast = useToast();
  const refetch = useRefetchPictures();
  const refetchOne = (id: string) => refetch.mutate({ ids: [id] });
  const { filters, setFilters, query, page, setPage } = usePagedFilters(NO_FILTERS);
  const [sort, setSort] = useState<AdminProductSort>('row');
  const [pageSize, setPageSize] = useState<number>(ADMIN_PRODUCTS_PAGE_SIZE);
  // On a phone the filters and the order fold behind one button, so the first screen shows items (issue 28).
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [selection, setSelection] = useState<Selection>(NOTHING);
  const [selectedFor, setSelectedFor] = useState(query);
  if (selectedFor !== query) {
    // Other filters list other items: a selection made under the old ones no longer says what it is about.
    setSelectedFor(query);
    setSelection(NOTHING);
  }
  const [exportFormat, setExportFormat] = useState<ExportFormat>('csv');
  const [lastChange, setLastChange] = useState<BulkEditResult | null>(null);
  const undoChange = useUndoBulkEdit();

  const products = useAdminProducts({ ...query, page, pageSize, sort });
  const categories = useCategories();
  const remove = useDeleteProduct();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<AdminProduct | null>(null);

  const total = products.data?.total ?? 0;
  const pages = pageCount(total, pageSize);
  if (products.data && !products.isPlaceholderData && page > pages) setPage(pages);

  const filtered = JSON.stringify(filters) !== JSON.stringify(NO_FILTERS);
  /** The folded filters that narrow the list (the search box stays in view). */
  const narrowed = (['category', 'gender', 'best', 'picture', 'link'] as const).filter((key) => filters[key] !== NO_FILTERS[key]).length;
  const searching = filters !== query || (products.isFetching && !products.isPending);
  const categoryOptions = [
    { value: ALL, label: 'All categories' },
    ...(categories.data ?? []).map((c) => ({ value: c.name, label: c.name })),
  ];
  const set = (field: keyof AdminProductFilters) => (event: { target: { value: string } }) =>
    setFilters((f) => ({ ...f, [field]: event.target.value }));

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast(ADMIN_TEXTS.itemDeleted, 'success'),
      onError: (err) => toast(`${ADMIN_TEXTS.errorDeletingItem} (${reasonOf(err)})`, 'error'),
      onSettled: () => setDeleting(null),
    });
  };

  const first = (page - 1) * pageSize + 1;
  const pageItems = products.data?.items ?? [];
  const selectedCount = selection.allMatching ? total : selection.ids.size;
  const pageAllSelected = pageItems.length > 0 && (selection.allMatching || pageItems.every((p) => selection.ids.has(p.id)));
  const toggle = (id: string, on: boolean) =>
    setSelection((current) => {
      const ids = new Set(current.allMatching ? pageItems.map((p) => p.id) : current.ids);
      if (on) ids.add(id);
      else ids.delete(id);
      return { ids, allMatching: false };
    });
  const togglePage = (on: boolean) =>
    setSelection((current) => {
      const ids = new Set(current.allMatching ? [] : current.ids);
      for (const p of pageItems) {
        if (on) ids.add(p.id);
        else ids.delete(p.id);
      }
      return { ids, allMatching: false };
    });
  const bulkSelection: BulkEditInput['selection'] = selection.allMatching
    ? {
        filter: {
          search: query.search,
          category: query.category,
          gender: query.gender,
          best: query.best,
          picture: query.picture,
          link: query.link,
          group: query.group || undefined,
        },
        expectedCount: total,
      }
    : { ids: [...selection.ids] };
  const exportHref = buildUrl('/api/admin/products/export', {
    format: exportFormat,
    search: query.search.trim(),
    category: query.category === ALL ? undefined : query.category,
    gender: query.gender === ALL ? undefined : query.gender,
    best: query.best === 'all' ? undefined : query.best,
    picture: query.picture === 'any' ? undefined : query.picture,
    link: query.link === 'any' ? undefined : query.link,
    group: query.group || undefined,
  });
  const undoLast = () => {
    if (!lastChange?.changeId) return;
    undoChange.mutate(lastChange.changeId, {
      onSuccess: (result) => {
        toast(
          `Undone: ${plural(result.restored, 'item')} put back${result.skipped > 0 ? `, ${result.skipped} changed since left as they are` : ''}.`,
          'success',
        );
        setLastChange(null);
      },
      onError: (err) => toast(`Undo failed: ${reasonOf(err)}`, 'error'),
    });
  };
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
        <button
          type="button"
          className="button button-ghost toolbar-fold"
          aria-expanded={filtersOpen}
          aria-controls="admin-item-filters admin-item-order"
          onClick={() => setFiltersOpen((open) => !open)}
        >
          {narrowed > 0 ? `Filters (${narrowed})` : 'Filters'}
        </button>
        <div id="admin-item-filters" className={`toolbar-folded${filtersOpen ? ' is-open' : ''}`}>
          <SelectField label="Category" options={categoryOptions} value={filters.category} onChange={set('category')} />
          <SelectField label="Gender" options={GENDER_OPTIONS} value={filters.gender} onChange={set('gender')} />
          <SelectField label="Best" options={BEST_OPTIONS} value={filters.best} onChange={set('best')} />
          <SelectField label="Picture" options={PICTURE_OPTIONS} value={filters.picture} onChange={set('picture')} />
          <SelectField label="Buy link" options={LINK_OPTIONS} value={filters.link} onChange={set('link')} />
        </div>
        <div className="toolbar-actions">
          <button type="button" className="button button-ghost" onClick={() => setFilters(NO_FILTERS)} disabled={!filtered}>
            {ADMIN_TEXTS.clearAllFilters}
          </button>
          <button type="button" className="button button-primary" onClick={() => setEditing({ product: null })}>
            {ADMIN_TEXTS.addNewItem}
          </button>
        </div>
      </div>
      <div className="toolbar toolbar-secondary">
        <div id="admin-item-order" className={`toolbar-folded${filtersOpen ? ' is-open' : ''}`}>
          <SelectField
            label="Sort by"
            options={SORT_OPTIONS}
            value={sort}
            onChange={(e) => {
              setSort(e.target.value as AdminProductSort);
              setPage(1);
            }}
          />
          <SelectField
            label="Page size"
            options={PAGE_SIZE_OPTIONS}
            value={String(pageSize)}
            onChange={(e) => {
              setPageSize(Number(e.target.value));
              setPage(1);
            }}
          />
        </div>
        <div className="toolbar-actions">
          {imports.button}
          <SelectField
            label="Export as"
            options={FORMAT_OPTIONS}
            value={exportFormat}
            onChange={(e) => setExportFormat(e.target.value as ExportFormat)}
          />
          <a className="button button-ghost" href={exportHref} download>
            {filtered ? `Export ${plural(total, 'matching item')}` : 'Export all'}
          </a>
        </div>
      </div>
      {imports.status}
      {imports.synced}
      {imports.history}
      {filters.group && (
        <p className="group-filter" role="status">
          Showing the colours of one seller item.{' '}
          <button type="button" className="link-button" onClick={() => setFilters((f) => ({ ...f, group: '' }))}>
            Show every item
          </button>
        </p>
      )}
      {lastChange?.changeId && (
        <div className="last-change" role="status">
          <p>
            {lastChange.summary}: {plural(lastChange.changed, 'item')} changed.
          </p>
          <button type="button" className="button button-ghost button-small" disabled={undoChange.isPending} onClick={undoLast}>
            {undoChange.isPending ? COMMON_TEXTS.undoing : COMMON_TEXTS.undo}
          </button>
        </div>
      )}
      {categories.isError && (
        <p className="field-error" role="alert">
          {withReason(ADMIN_TEXTS.errorFetchingCategories, reasonOf(categories.error))}
        </p>
      )}

      <section aria-label="Item list" aria-busy={searching || products.isFetching}>
        <LoadStatus
          loading={products.isPending}
          loadingLabel="Loading items"
          failure={products.isError && `Failed to load items: ${reasonOf(products.error)}`}
          onRetry={() => void products.refetch()}
        />
        {products.data && (
          <>
            <p className="summary" aria-live="polite">
              {total === 0
                ? filtered
                  ? 'No items match these filters.'
                  : 'No items yet. Add one, or make one from an uploaded image.'
                : `Showing ${first}–${Math.min(first + products.data.items.length - 1, total)} of ${plural(total, 'item')}`}
            </p>
            {pageItems.length > 0 && (
              <div className="select-all">
                <label className="checkbox">
                  <input type="checkbox" checked={pageAllSelected} onChange={(e) => togglePage(e.target.checked)} />
                  Select this page
                </label>
                {pageAllSelected && !selection.allMatching && total > pageItems.length && (
                  <button type="button" className="link-button" onClick={() => setSelection({ ids: new Set(), allMatching: true })}>
                    Select all {total.toLocaleString('en-US')} matching items
                  </button>
                )}
                {selection.allMatching && <span>All {total.toLocaleString('en-US')} matching items are selected.</span>}
              </div>
            )}
            <ul className="item-grid">
              {pageItems.map((product) => (
                <ItemCard
                  key={product.id}
                  product={product}
                  selected={selection.allMatching || selection.ids.has(product.id)}
                  onToggle={(on) => toggle(product.id, on)}
                  onEdit={() => setEditing({ product })}
                  onDelete={() => setDeleting(product)}
                  onRefetch={() => refetchOne(product.id)}
                  onGroup={
                    product.groupKey && product.groupSize > 1 && product.groupKey !== filters.group
                      ? () => setFilters((f) => ({ ...f, group: product.groupKey ?? '' }))
                      : undefined
                  }
                />
              ))}
            </ul>
          </>
        )}
        <Pager page={page} pageCount={pages} onChange={setPage} label="Item pages" />
      </section>
      {/* After the list, sticking to the window's bottom while the list scrolls: in view whichever card was ticked. */}
      {selectedCount > 0 && (
        <BulkBar
          selection={bulkSelection}
          count={selectedCount}
          categories={categories.data ?? []}
          onDone={(result) => {
            setLastChange(result);
            setSelection(NOTHING);
          }}
          onClear={() => setSelection(NOTHING)}
        />
      )}

      {imports.dialog}
      {editing && (
        <ItemFormDialog
          key={editing.product?.id ?? 'new'}
          product={editing.product}
          categories={categories.data ?? []}
          imagePicker={imagePicker}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <ConfirmDialog title="Delete item?" busy={remove.isPending} onConfirm={confirmDelete} onCancel={() => setDeleting(null)}>
          <p>
            <strong>{deleting.title}</strong> will be removed from the store. This cannot be undone.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
