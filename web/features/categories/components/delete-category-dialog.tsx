import { useState } from 'react';
import { ADMIN_TEXTS, withReason } from '../../../../common/texts/admin';
import type { AdminCategory } from '../../../../common/schemas/category';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { SelectField } from '../../../components/ui/select-field';
import { useToast } from '../../../components/ui/toast';
import { reasonOf } from '../../../lib/errors';
import { useDeleteCategory } from '../api/delete-category';
import { plural } from '../../../lib/admin/format';

const NO_CATEGORY = '';

/**
 * Deleting a category says what happens to its products and lets the admin choose: they move to another
 * category, or keep none and stay on the storefront under All.
 */
export function DeleteCategoryDialog({
  category,
  others,
  onClose,
}: {
  category: AdminCategory;
  others: AdminCategory[];
  onClose: () => void;
}) {
  const toast = useToast();
  const remove = useDeleteCategory();
  const [moveTo, setMoveTo] = useState(NO_CATEGORY);
  const inUse = category.productCount > 0;

  const confirm = () =>
    remove.mutate(
      { id: category.id, moveTo: moveTo || undefined },
      {
        onSuccess: (result) => {
          onClose();
          const moved =
            result.productsMoved > 0
              ? ` ${plural(result.productsMoved, 'product')} ${result.movedTo ? `moved to ${result.movedTo}` : 'now have no category'}.`
              : '';
          toast(`${ADMIN_TEXTS.categoryDeleted}${moved}`, 'success');
        },
        onError: (err) => {
          onClose();
          toast(withReason(ADMIN_TEXTS.errorDeletingCategory, reasonOf(err)), 'error');
        },
      },
    );

  return (
    <ConfirmDialog title="Delete category?" busy={remove.isPending} onConfirm={confirm} onCancel={onClose}>
      <p>
        <strong>{category.name}</strong> will be deleted. This cannot be undone.
      </p>
      {inUse ? (
        <>
          <p>
            {plural(category.productCount, 'product')} {category.productCount === 1 ? 'is' : 'are'} in this category. They stay on the
            storefront; choose where they go:
          </p>
          <SelectField
            label="Move its products to"
            value={moveTo}
            onChange={(e) => setMoveTo(e.target.value)}
            options={[
              { value: NO_CATEGORY, label: 'No category (listed under All)' },
              ...others.filter((c) => c.id !== category.id).map((c) => ({ value: c.id, label: c.name })),
            ]}
          />
        </>
      ) : (
        <p>No products are in this category.</p>
      )}
    </ConfirmDialog>
  );
}
