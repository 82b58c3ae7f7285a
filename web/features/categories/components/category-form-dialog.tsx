import type { FormEvent } from 'react';
import { CATEGORY_MAX_LENGTH } from '../../../../common/constants';
import { CATEGORY_DESCRIPTION_MAX_LENGTH } from '../../../../common/admin-constants';
import { ADMIN_TEXTS, withReason } from '../../../../common/texts/admin';
import { categoryInputSchema, type AdminCategory } from '../../../../common/schemas/category';
import { CONTENT_LANGUAGES, type ContentLangCode } from '../../../../common/catalogue-languages';
import { CATALOGUE_LANGUAGE_TEXTS } from '../../../../common/texts/catalogue-languages';
import { LanguageFields, languageInputProps } from '../../../components/ui/language-fields';
import { Dialog, DialogFormActions } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { reasonOf } from '../../../lib/errors';
import { useForm } from '../../../lib/use-form';
import { useCreateCategory } from '../api/create-category';
import { useUpdateCategory } from '../api/update-category';

/** The draft's field of the name in another language. */
const nameIn = (code: ContentLangCode) => `name_${code}` as const;
type NameField = ReturnType<typeof nameIn>;

const FIELD_ORDER = ['name', ...CONTENT_LANGUAGES.map((l) => nameIn(l.code)), 'relevance', 'description'] as const;
type Draft = Record<(typeof FIELD_ORDER)[number], string>;

/** The draft as the API's input: the names per language gathered under `names`. */
function inputOf(values: Draft) {
  const names = Object.fromEntries(CONTENT_LANGUAGES.map((l) => [l.code, values[nameIn(l.code)]]));
  return { name: values.name, names, relevance: values.relevance, description: values.description };
}

/** Add New Category and Edit Category: name required and trimmed, unique in any case (spec section 5). */
export function CategoryFormDialog({ category, onClose }: { category: AdminCategory | null; onClose: () => void }) {
  const toast = useToast();
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const saving = create.isPending || update.isPending;
  const form = useForm<Draft>(FIELD_ORDER, {
    name: category?.name ?? '',
    ...(Object.fromEntries(CONTENT_LANGUAGES.map((l) => [nameIn(l.code), category?.names[l.code] ?? ''])) as Record<NameField, string>),
    relevance: String(category?.relevance ?? 0),
    description: category?.description ?? '',
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = categoryInputSchema.safeParse(inputOf(form.values));
    if (!parsed.success) {
      // A name in another language is refused under its own field.
      const found: Partial<Record<keyof Draft, string>> = {};
      for (const issue of parsed.error.issues) {
        const [first, second] = issue.path;
        const field = (first === 'names' && typeof second === 'string' ? `name_${second}` : String(first)) as keyof Draft;
        found[field] ??= issue.message;
      }
      form.showErrors(found);
      return;
    }
    const data = parsed.data;
    const onError = (err: unknown) => {
      // A taken name belongs under the name field; anything else is said in the toast.
      if (err instanceof ApiError && err.status === 409) form.showErrors({ name: err.message });
      toast(withReason(category ? ADMIN_TEXTS.errorUpdatingCategory : ADMIN_TEXTS.errorAddingCategory, reasonOf(err)), 'error');
    };
    const onSuccess = () => {
      toast(category ? ADMIN_TEXTS.categoryUpdated : ADMIN_TEXTS.categoryAdded, 'success');
      onClose();
    };
    if (category) update.mutate({ id: category.id, input: data }, { onSuccess, onError });
    else create.mutate(data, { onSuccess, onError });
  };

  return (
    <Dialog title={category ? ADMIN_TEXTS.editCategory : ADMIN_TEXTS.addNewCategory} onClose={onClose} busy={saving}>
      <form className="dialog-form" onSubmit={submit} noValidate>
        <TextField label="Category name" {...form.field('name')} required maxLength={CATEGORY_MAX_LENGTH} autoFocus />
        {category && category.productCount > 0 && form.values.name.trim() !== category.name && (
          <p className="field-hint">Its {category.productCount} products move to the new name with it.</p>
        )}
        <LanguageFields legend={CATALOGUE_LANGUAGE_TEXTS.categoryNames} hint={CATALOGUE_LANGUAGE_TEXTS.categoryNamesHint}>
          {(l) => (
            <TextField
              key={l.code}
              label={l.name}
              placeholder={form.values.name}
              {...form.field(nameIn(l.code))}
              {...languageInputProps(l)}
              maxLength={CATEGORY_MAX_LENGTH}
            />
          )}
        </LanguageFields>
        <TextField
          label="Sort number"
          inputMode="numeric"
          hint="Lower numbers come first in the storefront's category chips."
          {...form.field('relevance')}
        />
        <TextAreaField label="Description" rows={3} {...form.field('description')} maxLength={CATEGORY_DESCRIPTION_MAX_LENGTH} />
        <DialogFormActions onCancel={onClose} busy={saving} submitLabel={category ? ADMIN_TEXTS.save : ADMIN_TEXTS.addNewCategory} />
      </form>
    </Dialog>
  );
}
