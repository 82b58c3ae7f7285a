import { useEffect, useId, useRef, useState, type ComponentType, type FormEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { ADMIN_TEXTS, ITEM_FORM_TEXTS } from '../../../common/texts/admin';
import { FILTER_DEBOUNCE_MS } from '../../../common/constants';
import type { Category } from '../../../common/schemas/category';
import { isImageReference } from '../../../common/schemas/fields';
import type { ImageInfo } from '../../../common/schemas/image';
import { productInputSchema, type AdminProduct, type ProductInputDraft } from '../../../common/schemas/product';
import { TITLE_MAX_LENGTH, DESCRIPTION_MAX_LENGTH } from '../../../common/admin-constants';
import { descriptionColumn, titleColumn } from '../../../common/import-columns';
import { CATALOGUE_LANGUAGE_TEXTS } from '../../../common/texts/catalogue-languages';
import { LanguageFields, languageInputProps } from '../../components/ui/language-fields';
import { DialogFormActions } from '../../components/ui/dialog';
import { SelectField } from '../../components/ui/select-field';
import { TextAreaField } from '../../components/ui/text-area-field';
import { TextField } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/toast';
import { useDebouncedValue } from '../use-debounced-value';
import { useForm, type FormErrors } from '../use-form';
import { useLinkMatches } from './get-link-matches';
import {
  ADD_NEW_ITEM_GENDER,
  categoryOptions,
  errorsBehindMore,
  genderOptions,
  ITEM_FIELD_ORDER,
  itemDraftErrors,
  itemDraftOf,
  itemInputOf,
  missingTileFields,
  NEW_ITEM_GENDER,
  TRANSLATED_ITEM_FIELDS,
  translatedLanguageCount,
  type ItemDraft,
  type ItemField,
} from './item-draft';
import { linkSourceHint } from './link-source';
import './item-form.css';

/**
 * The gallery the dialog picks its picture (and QC photos) from: the Images area's, passed in by the admin page;
 * with `multiple`, several uploads at once.
 */
export type ImagePickerComponent = ComponentType<{ onPick: (url: string, image: ImageInfo) => void; multiple?: boolean; legend?: string }>;

type Props = {
  /**
   * 'tile': a gallery tile's inline form (spec section 2): its picture is the tile's; title, price, category and
   * link are required and in view, the rest behind "More fields". 'dialog': Add New Item and Edit Item, every field.
   */
  variant: 'tile' | 'dialog';
  /** The product Edit Item changes; null for a new one. */
  product?: AdminProduct | null;
  /** The tile's picture. */
  image?: string;
  categories: readonly Category[];
  /** The form's name, when no heading names it (a tile's). */
  label?: string;
  /** Focus the first field when shown (the dialog's, and a tile just uploaded). */
  autoFocus?: boolean;
  /** Sends the checked draft as the API's input; the dialog's also saves its QC photos. */
  save: (input: ProductInputDraft) => Promise<AdminProduct>;
  /** The sentence for a failed save (the spec's, with the reason). */
  failureText: (err: unknown) => string;
  /** An edit is saved (a new item shows its notice instead). */
  onUpdated?: (saved: AdminProduct) => void;
  /** The dialog's Cancel, and Close after a new item is saved. */
  onCancel?: () => void;
  /** The dialog's own saving (its QC photos), and the dialog's Escape while saving. */
  onSavingChange?: (saving: boolean) => void;
  /** The dialog's picture field offers the gallery. */
  imagePicker?: ImagePickerComponent;
  /** What only the dialog has below the fields: QC photos, the source id. */
  children?: ReactNode;
};

/**
 * The one item form (issue 28), used by the Images tab's tiles, Add New Item and Edit Item: the same fields, the
 * shared zod schema's rules and messages under each field, gender choices Men, Women, Kids and Unisex (a tile's new
 * item starts as Men, Add New Item's as "Not set"), the buy link's source read as it is typed, and another item with the same link named. After a
 * new item is saved the form gives way to a notice that links to the item's page and offers "Add another", which
 * starts again with the focus on the first field.
 */
export function ItemForm({
  variant,
  product = null,
  image = '',
  categories,
  label,
  autoFocus = false,
  save,
  failureText,
  onUpdated,
  onCancel,
  onSavingChange,
  imagePicker: ImagePicker,
  children,
}: Props) {
  const toast = useToast();
  const tile = variant === 'tile';
  const newGender = tile ? NEW_ITEM_GENDER : ADD_NEW_ITEM_GENDER;
  const initial = itemDraftOf(product, image, newGender);
  const form = useForm<ItemDraft>(ITEM_FIELD_ORDER, initial);
  const draft = form.values;
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<AdminProduct | null>(null);
  const [moreOpen, setMoreOpen] = useState(!tile);
  const [picking, setPicking] = useState(false);
  // The texts in other languages (issue 41), folded away unless the product has some.
  const [translationsOpen, setTranslationsOpen] = useState(() => translatedLanguageCount(initial) > 0);
  const focusFirst = useRef(false);
  const moreId = useId();

  // "Add another" starts again on the first field.
  useEffect(() => {
    if (saved || !focusFirst.current) return;
    focusFirst.current = false;
    form.focus('title');
  });
  // An effect rather than the autoFocus attribute: a tile is told it was just uploaded after it has appeared.
  useEffect(() => {
    if (autoFocus) form.focus('title');
    // Only when it is asked for, not whenever the form hook is new.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [autoFocus]);

  // Two items pointing at one store page are usually one item entered twice: say so before it is saved.
  const [typedLink] = useDebouncedValue(draft.link, FILTER_DEBOUNCE_MS);
  const sameLink = useLinkMatches(typedLink, product?.id).data?.items ?? [];

  const setBusy = (busy: boolean) => {
    setSaving(busy);
    onSavingChange?.(busy);
  };

  /** Messages under their fields; a field behind "More fields" opens it first, so the focus can go there. */
  const showErrors = (found: FormErrors<ItemField>) => {
    if (tile && !moreOpen && errorsBehindMore(found)) flushSync(() => setMoreOpen(true));
    if (!translationsOpen && TRANSLATED_ITEM_FIELDS.some((field) => found[field])) flushSync(() => setTranslationsOpen(true));
    form.showErrors(found);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    if (tile) {
      const missing = missingTileFields(draft);
      if (missing.length > 0) {
        showErrors(Object.fromEntries(missing.map((field) => [field, 'Required'])));
        toast(ADMIN_TEXTS.itemFormRequired, 'error');
        return;
      }
    }
    // A tile has no texts in other languages: its input leaves them out.
    const input = itemInputOf(draft, !tile);
    const parsed = productInputSchema.safeParse(input);
    if (!parsed.success) {
      const errors = itemDraftErrors(parsed.error);
      showErrors(errors);
      // The tile's messages are the spec's alerts; the dialog's stay under its fields.
      if (tile) toast(Object.values(errors)[0] ?? ADMIN_TEXTS.itemFormRequired, 'error');
      return;
    }
    form.showErrors({});
    setBusy(true);
    save(input)
      .then((result) => {
        if (product) {
          toast(ADMIN_TEXTS.itemUpdated, 'success');
          onUpdated?.(result);
        } else {
          toast(ADMIN_TEXTS.itemAdded, 'success');
          setSaved(result);
        }
      })
      .catch((err: unknown) => {
        const text = failureText(err);
        form.showErrors({ form: text });
        toast(text, 'error');
      })
      .finally(() => setBusy(false));
  };

  const addAnother = () => {
    form.reset(itemDraftOf(null, image, newGender));
    setPicking(false);
    if (tile) setMoreOpen(false);
    focusFirst.current = true;
    setSaved(null);
  };

  if (saved) return <ItemSaved product={saved} onAddAnother={addAnother} onClose={onCancel} />;

  const required = tile;
  const categoryChoices = categoryOptions(categories, product?.category ?? null, required);
  const preview = draft.image.trim() && isImageReference(draft.image.trim()) ? draft.image.trim() : null;
  const fields = {
    title: <TextField label="Item name" {...form.field('title')} required maxLength={200} autoComplete="off" />,
    price: <TextField label="Price (USD)" inputMode="decimal" {...form.field('price')} required autoComplete="off" />,
    category: <SelectField label="Category" options={categoryChoices} {...form.field('category')} required={required} />,
    link: (
      <div className="link-field">
        <TextField
          label="Buy link"
          type="url"
          placeholder="https://"
          hint={linkSourceHint(draft.link)}
          {...form.field('link')}
          required={required}
          autoComplete="off"
        />
        {sameLink.length > 0 && (
          <p className="field-warning" role="status">
            {sameLink.length === 1 ? 'Another item has' : `${sameLink.length} other items have`} this buy link:{' '}
            {sameLink.map((item) => `${item.title} (#${item.number})`).join(', ')}.
          </p>
        )}
      </div>
    ),
    gender: <SelectField label="Gender" options={genderOptions(initial.gender)} {...form.field('gender')} />,
    brand: <TextField label="Brand" {...form.field('brand')} maxLength={100} />,
    description: (
      <TextAreaField label="Description" rows={tile ? 2 : 3} {...form.field('description')} maxLength={2000} className="form-grid-wide" />
    ),
    best: (
      <label className="checkbox form-grid-wide">
        <input type="checkbox" {...form.check('isBestProduct')} />
        {ITEM_FORM_TEXTS.bestLabel}
      </label>
    ),
  };

  return (
    <form className={tile ? 'item-form item-form-tile' : 'dialog-form item-form'} onSubmit={submit} noValidate aria-label={label}>
      {form.errors.form && (
        <p className="form-failure" role="alert">
          {form.errors.form}
        </p>
      )}
      {tile ? (
        <>
          {fields.title}
          <div className="item-form-pair">
            {fields.price}
            {fields.category}
          </div>
          {fields.link}
          <button
            type="button"
            className="link-button item-form-more-toggle"
            aria-expanded={moreOpen}
            aria-controls={moreId}
            onClick={() => setMoreOpen((o) => !o)}
          >
            {ITEM_FORM_TEXTS.moreFields}
          </button>
          {/* Mounted while closed, so a message can open it and move the focus to its field. */}
          <div id={moreId} className="item-form-more" hidden={!moreOpen}>
            {fields.gender}
            {fields.brand}
            {fields.description}
            {fields.best}
          </div>
          <button type="submit" className="button button-primary" disabled={saving}>
            {saving ? ITEM_FORM_TEXTS.adding : ADMIN_TEXTS.addItem}
          </button>
        </>
      ) : (
        <>
          <div className="form-grid">
            {fields.title}
            {fields.price}
            {fields.category}
            {fields.gender}
            {fields.link}
            {fields.brand}
            {fields.description}
            <div className="form-grid-wide image-field">
              <TextField
                label="Image URL"
                placeholder="https://… or /media/items/…"
                hint="Use Copy URL on an uploaded image, or any https address."
                {...form.field('image')}
              />
              {preview && <img src={preview} alt="" className="image-field-preview" width={72} height={72} />}
              {ImagePicker && (
                <button
                  type="button"
                  className="button button-ghost button-small"
                  aria-expanded={picking}
                  onClick={() => setPicking((p) => !p)}
                >
                  {picking ? 'Close the gallery' : 'Choose from the gallery or upload'}
                </button>
              )}
            </div>
            {picking && ImagePicker && (
              <div className="form-grid-wide">
                <ImagePicker
                  onPick={(url) => {
                    form.set('image', url);
                    setPicking(false);
                  }}
                />
              </div>
            )}
            <details
              className="form-grid-wide item-translations"
              open={translationsOpen}
              onToggle={(e) => setTranslationsOpen(e.currentTarget.open)}
            >
              <summary>
                {CATALOGUE_LANGUAGE_TEXTS.translations} ({CATALOGUE_LANGUAGE_TEXTS.translatedCount(translatedLanguageCount(draft))})
              </summary>
              <LanguageFields legend={CATALOGUE_LANGUAGE_TEXTS.translations} hint={CATALOGUE_LANGUAGE_TEXTS.translationsHint}>
                {(l) => (
                  <div key={l.code} className="language-fields-group">
                    <TextField
                      label={`${CATALOGUE_LANGUAGE_TEXTS.title} (${l.name})`}
                      {...form.field(titleColumn(l.code))}
                      {...languageInputProps(l)}
                      maxLength={TITLE_MAX_LENGTH}
                      autoComplete="off"
                    />
                    <TextAreaField
                      label={`${CATALOGUE_LANGUAGE_TEXTS.description} (${l.name})`}
                      rows={2}
                      {...form.field(descriptionColumn(l.code))}
                      {...languageInputProps(l)}
                      maxLength={DESCRIPTION_MAX_LENGTH}
                    />
                  </div>
                )}
              </LanguageFields>
            </details>
            {children}
            {fields.best}
          </div>
          <DialogFormActions
            onCancel={onCancel ?? (() => undefined)}
            busy={saving}
            // Says what it does, and is not named as the button that opened the dialog (issue 40).
            submitLabel={product ? ADMIN_TEXTS.save : ADMIN_TEXTS.addItem}
          />
        </>
      )}
    </form>
  );
}

/**
 * What replaces the form once a new item is saved: the spec's 'Item added successfully!', focused (the form is
 * gone, so keyboard users continue from here), a link to the item's page, "Add another" and, in a dialog, Close.
 */
function ItemSaved({
  product,
  onAddAnother,
  onClose,
}: {
  product: AdminProduct;
  onAddAnother: () => void;
  onClose?: (() => void) | undefined;
}) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div className="item-saved">
      <p tabIndex={-1} ref={ref}>
        {ADMIN_TEXTS.itemAdded}{' '}
        <a href={product.path} className="item-saved-link">
          {ITEM_FORM_TEXTS.viewItem(product.title)}
        </a>
      </p>
      <div className="item-saved-actions">
        <button type="button" className="button button-primary" onClick={onAddAnother}>
          {ITEM_FORM_TEXTS.addAnother}
        </button>
        {onClose && (
          <button type="button" className="button button-ghost" onClick={onClose}>
            {ITEM_FORM_TEXTS.close}
          </button>
        )}
      </div>
    </div>
  );
}
