import { useState, type FormEvent } from 'react';
import { CATEGORY_MAX_LENGTH } from '../../../../common/constants';
import { ADMIN_TEXTS, CATEGORY_DESCRIPTION_MAX_LENGTH, withReason } from '../../../../common/admin-constants';
import { categoryInputSchema, type AdminCategory } from '../../../../common/schemas/category';
import { fieldErrors } from '../../../../common/schemas/fields';
import { Dialog, DialogFormActions } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { reasonOf } from '../../../lib/errors';
import { useCreateCategory } from '../api/create-category';
import { useUpdateCategory } from '../api/update-category';

/** Add New Category and Edit Category: name required and trimmed, unique in any case (spec section 5). */
export function CategoryFormDialog({ category, onClose }: { category: AdminCategory | null; onClose: () => void }) {
  const toast = useToast();
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const saving = create.isPending || update.isPending;
  const [draft, setDraft] = useState({
    name: category?.name ?? '',
    relevance: String(category?.relevance ?? 0),
    description: category?.description ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (field: keyof typeof draft) => (event: { target: { value: string } }) => setDraft((d) => ({ ...d, [field]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = categoryInputSchema.safeParse(draft);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    const onError = (err: unknown) => {
      // A taken name belongs under the name field; anything else is said in the toast.
      if (err instanceof ApiError && err.status === 409) setErrors({ name: err.message });
      toast(withReason(category ? ADMIN_TEXTS.errorUpdatingCategory : ADMIN_TEXTS.errorAddingCategory, reasonOf(err)), 'error');
    };
    const onSuccess = () => {
      toast(category ? ADMIN_TEXTS.categoryUpdated : ADMIN_TEXTS.categoryAdded, 'success');
      onClose();
    };
    if (category) update.mutate({ id: category.id, input: parsed.data }, { onSuccess, onError });
    else create.mutate(parsed.data, { onSuccess, onError });
  };

  return (
    <Dialog title={category ? ADMIN_TEXTS.editCategory : ADMIN_TEXTS.addNewCategory} onClose={onClose} busy={saving}>
      <form className="dialog-form" onSubmit={submit} noValidate>
        <TextField label="Category name" name="name" value={draft.name} onChange={set('name')} error={errors.name} required maxLength={CATEGORY_MAX_LENGTH} autoFocus />
        {category && category.productCount > 0 && draft.name.trim() !== category.name && (
          <p className="field-hint">Its {category.productCount} products move to the new name with it.</p>
        )}
        <TextField
          label="Sort number"
          name="relevance"
          inputMode="numeric"
          hint="Lower numbers come first in the storefront's category chips."
          value={draft.relevance}
          onChange={set('relevance')}
          error={errors.relevance}
        />
        <TextAreaField
          label="Description"
          name="description"
          rows={3}
          value={draft.description}
          onChange={set('description')}
          error={errors.description}
          maxLength={CATEGORY_DESCRIPTION_MAX_LENGTH}
        />
        <DialogFormActions onCancel={onClose} busy={saving} submitLabel={category ? ADMIN_TEXTS.save : ADMIN_TEXTS.addNewCategory} />
      </form>
    </Dialog>
  );
}
