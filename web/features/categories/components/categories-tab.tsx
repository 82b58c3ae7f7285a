import { useState } from 'react';
import { ADMIN_TEXTS, withReason } from '../../../../common/texts/admin';
import type { AdminCategory } from '../../../../common/schemas/category';
import { LoadStatus } from '../../../components/ui/load-status';
import { reasonOf } from '../../../lib/errors';
import { useAdminCategories } from '../api/get-admin-categories';
import { plural } from '../../../lib/admin/format';
import { CategoryFormDialog } from './category-form-dialog';
import { DeleteCategoryDialog } from './delete-category-dialog';
import './categories.css';

/**
 * Category Management (spec section 2). Categories are few (tens), so the whole list comes at once and the
 * name search filters it as you type.
 */
export function CategoriesTab() {
  const categories = useAdminCategories();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<{ category: AdminCategory | null } | null>(null);
  const [deleting, setDeleting] = useState<AdminCategory | null>(null);

  const all = categories.data ?? [];
  const needle = search.trim().toLowerCase();
  const shown = needle ? all.filter((c) => c.name.toLowerCase().includes(needle)) : all;

  return (
    <div className="admin-section">
      <div className="toolbar" role="search" aria-label="Categories">
        <div className="field toolbar-search">
          <label htmlFor="admin-category-search">Search categories</label>
          <input
            id="admin-category-search"
            type="search"
            placeholder="Category name"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <div className="toolbar-actions">
          <button type="button" className="button button-primary" onClick={() => setEditing({ category: null })}>
            {ADMIN_TEXTS.addNewCategory}
          </button>
        </div>
      </div>

      <LoadStatus
        loading={categories.isPending}
        loadingLabel="Loading categories"
        failure={categories.isError && withReason(ADMIN_TEXTS.errorFetchingCategories, reasonOf(categories.error))}
        onRetry={() => void categories.refetch()}
      />
      {categories.data && (
        <>
          <p className="summary" aria-live="polite">
            {needle
              ? `${plural(shown.length, 'category', 'categories')} matching "${search.trim()}"`
              : plural(all.length, 'category', 'categories')}
          </p>
          <ul className="category-grid">
            {shown.map((c) => (
              <li key={c.id} className="category-card" aria-labelledby={`category-${c.id}`}>
                <h3 id={`category-${c.id}`}>{c.name}</h3>
                <p className="item-meta">
                  {plural(c.productCount, 'product')} · Sort number {c.relevance}
                </p>
                {c.description && <p className="category-description">{c.description}</p>}
                <div className="item-actions">
                  <button
                    type="button"
                    className="button button-ghost button-small"
                    onClick={() => setEditing({ category: c })}
                    aria-label={`${ADMIN_TEXTS.edit} ${c.name}`}
                  >
                    {ADMIN_TEXTS.edit}
                  </button>
                  <button
                    type="button"
                    className="button button-danger-ghost button-small"
                    onClick={() => setDeleting(c)}
                    aria-label={`${ADMIN_TEXTS.delete} ${c.name}`}
                  >
                    {ADMIN_TEXTS.delete}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}

      {editing && <CategoryFormDialog key={editing.category?.id ?? 'new'} category={editing.category} onClose={() => setEditing(null)} />}
      {deleting && <DeleteCategoryDialog category={deleting} others={all} onClose={() => setDeleting(null)} />}
    </div>
  );
}
