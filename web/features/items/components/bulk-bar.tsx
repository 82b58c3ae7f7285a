import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { GENDERS } from '../../../../common/constants';
import { CONTENT_LANG_CODES, CONTENT_LANGUAGES } from '../../../../common/catalogue-languages';
import { ADMIN_TEXTS, PICTURE_REFETCH_TEXTS, withReason } from '../../../../common/texts/admin';
import {
  BULK_PRICE_PERCENT_MAX,
  BULK_PRICE_PERCENT_MIN,
  type BulkEditBody,
  type BulkEditPreview,
  type BulkEditInput,
  type BulkEditResult,
} from '../../../../common/schemas/changes';
import { parsePrice } from '../../../../common/schemas/product';
import type { Category } from '../../../../common/schemas/category';
import { COMMON_TEXTS } from '../../../../common/texts/common';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { SelectField } from '../../../components/ui/select-field';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { reasonOf } from '../../../lib/errors';
import { previewBulkEdit, useBulkEditProducts } from '../api/bulk-edit-products';
import { plural } from '../../../lib/admin/format';
import { useRefetchPictures } from '../../../lib/admin/refetch-pictures';
import './items.css';

type ActionType = BulkEditBody['action']['type'] | 'unset-best' | 'raise-price' | 'lower-price';
const ACTIONS: Array<{ value: ActionType | ''; label: string }> = [
  { value: '', label: 'Choose an action' },
  { value: 'set-category', label: 'Set category' },
  { value: 'set-gender', label: 'Set gender' },
  { value: 'set-best', label: 'Mark as best' },
  { value: 'unset-best', label: 'Unmark as best' },
  { value: 'set-price', label: 'Set price' },
  { value: 'raise-price', label: 'Raise price by %' },
  { value: 'lower-price', label: 'Lower price by %' },
  { value: 'set-brand', label: 'Set brand' },
  { value: 'replace-title', label: 'Find and replace in titles' },
  { value: 'set-description', label: 'Set description' },
  { value: 'remove-translation', label: 'Remove a translation' },
  { value: 'delete', label: 'Delete' },
];

/** A percentage typed in the bar: a number above 0 within the server's limits for that direction. */
function parsePercent(text: string, direction: 1 | -1): number | null {
  if (!/^\s*\d+(\.\d+)?\s*$/.test(text)) return null;
  const n = Number(text) * direction;
  return n !== 0 && n >= BULK_PRICE_PERCENT_MIN && n <= BULK_PRICE_PERCENT_MAX ? n : null;
}
const NONE = '__none__';

/**
 * The bulk actions over the ticked items, or over every item matching the filters (issue 15). Each asks first,
 * saying how many items it will change, and hands back the change so the tab can offer Undo.
 */
export function BulkBar({
  selection,
  count,
  categories,
  onDone,
  onClear,
}: {
  selection: BulkEditInput['selection'];
  count: number;
  categories: Category[];
  onDone: (result: BulkEditResult) => void;
  onClear: () => void;
}) {
  const toast = useToast();
  const edit = useBulkEditProducts();
  const refetch = useRefetchPictures();
  const [type, setType] = useState<ActionType | ''>('');
  const [value, setValue] = useState('');
  const [replaceWith, setReplaceWith] = useState('');
  const [confirming, setConfirming] = useState(false);

  const categoryOptions = [
    { value: '', label: 'Choose a category' },
    { value: NONE, label: 'No category' },
    ...categories.map((c) => ({ value: c.name, label: c.name })),
  ];
  const genderOptions = [
    { value: '', label: 'Choose a gender' },
    { value: NONE, label: 'Not set' },
    ...GENDERS.map((g) => ({ value: g, label: g })),
  ];
  const chosen = value === NONE ? null : value;
  const items = plural(count, 'item');

  const action = (): BulkEditBody['action'] | null => {
    switch (type) {
      case 'set-category':
        return value === '' ? null : { type, category: chosen };
      case 'set-gender':
        return value === '' ? null : { type, gender: chosen as (typeof GENDERS)[number] | null };
      case 'set-best':
        return { type, isBestProduct: true };
      case 'unset-best':
        return { type: 'set-best', isBestProduct: false };
      case 'set-price': {
        const price = parsePrice(value);
        return price === null ? null : { type, price };
      }
      case 'raise-price':
      case 'lower-price': {
        const percent = parsePercent(value, type === 'raise-price' ? 1 : -1);
        return percent === null ? null : { type: 'adjust-price', percent };
      }
      case 'set-brand':
        return { type, brand: value.trim() };
      case 'set-description':
        return { type, description: value.trim() };
      case 'replace-title':
        return value === '' ? null : { type, find: value, replace: replaceWith };
      case 'remove-translation': {
        const lang = CONTENT_LANG_CODES.find((code) => code === value);
        return lang ? { type, lang } : null;
      }
      case 'delete':
        return { type };
      default:
        return null;
    }
  };
  const chosenAction = action();
  const ready = chosenAction !== null;
  const question = (() => {
    switch (type) {
      case 'delete':
        return `Delete ${items}?`;
      case 'set-category':
        return `Set the category of ${items} to ${chosen ?? 'none'}?`;
      case 'set-gender':
        return `Set the gender of ${items} to ${chosen ?? 'not set'}?`;
      case 'set-best':
        return `Mark ${items} as best products?`;
      case 'unset-best':
        return `Unmark ${items} as best products?`;
      case 'set-price':
        return `Set the price of ${items} to ${parsePrice(value)?.toFixed(2) ?? ''}?`;
      case 'raise-price':
        return `Raise the price of ${items} by ${value.trim()}%?`;
      case 'lower-price':
        return `Lower the price of ${items} by ${value.trim()}%?`;
      case 'set-brand':
        return value.trim() === '' ? `Remove the brand of ${items}?` : `Set the brand of ${items} to ${value.trim()}?`;
      case 'set-description':
        return value.trim() === '' ? `Remove the description of ${items}?` : `Set the description of ${items}?`;
      case 'replace-title':
        return `Replace "${value}" with "${replaceWith}" in the titles of ${items}?`;
      case 'remove-translation':
        return `Remove the ${CONTENT_LANGUAGES.find((l) => l.code === value)?.name ?? ''} title and description of ${items}?`;
      default:
        return '';
    }
  })();
  // The confirmation shows what the action would do: how many items change and the first changes.
  const preview = useQuery({
    queryKey: ['admin', 'bulk-preview', selection, chosenAction],
    queryFn: () => previewBulkEdit({ selection, action: chosenAction as BulkEditBody['action'] }),
    enabled: confirming && chosenAction !== null,
    staleTime: 0,
  });

  const apply = () => {
    if (!chosenAction) return;
    edit.mutate(
      { selection, action: chosenAction },
      {
        onSuccess: (result) => {
          toast(`${result.summary}: ${plural(result.changed, 'item')} changed.`, 'success');
          setType('');
          setValue('');
          setReplaceWith('');
          onDone(result);
        },
        onError: (err) => toast(withReason('The bulk change failed', reasonOf(err)), 'error'),
        onSettled: () => setConfirming(false),
      },
    );
  };

  return (
    <div className="bulk-bar" role="region" aria-label="Bulk actions">
      <p className="bulk-bar-count" aria-live="polite">
        <strong>{items}</strong> selected
      </p>
      <SelectField
        label="Action"
        options={ACTIONS}
        value={type}
        onChange={(e) => {
          setType(e.target.value as ActionType | '');
          setValue('');
          setReplaceWith('');
        }}
      />
      {type === 'set-category' && (
        <SelectField label="Category" options={categoryOptions} value={value} onChange={(e) => setValue(e.target.value)} />
      )}
      {type === 'set-gender' && (
        <SelectField label="Gender" options={genderOptions} value={value} onChange={(e) => setValue(e.target.value)} />
      )}
      {type === 'set-price' && (
        <TextField
          label="New price"
          inputMode="decimal"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          hint="Rounded to 2 decimals"
        />
      )}
      {(type === 'raise-price' || type === 'lower-price') && (
        <TextField
          label={type === 'raise-price' ? 'Raise by (%)' : 'Lower by (%)'}
          inputMode="decimal"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          hint={`Each price rounded to 2 decimals; at most ${type === 'raise-price' ? BULK_PRICE_PERCENT_MAX : -BULK_PRICE_PERCENT_MIN}%`}
        />
      )}
      {type === 'set-brand' && (
        <TextField label="Brand" value={value} onChange={(e) => setValue(e.target.value)} hint="Leave blank to remove the brand" />
      )}
      {type === 'replace-title' && (
        <>
          <TextField label="Find" value={value} onChange={(e) => setValue(e.target.value)} hint="Any letter case" />
          <TextField label="Replace with" value={replaceWith} onChange={(e) => setReplaceWith(e.target.value)} />
        </>
      )}
      {type === 'set-description' && (
        <TextAreaField
          label="Description"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          rows={2}
          placeholder="Blank removes the description"
        />
      )}
      {type === 'remove-translation' && (
        <SelectField
          label="Language"
          options={[{ value: '', label: 'Choose a language' }, ...CONTENT_LANGUAGES.map((l) => ({ value: l.code, label: l.name }))]}
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
      )}
      <div className="toolbar-actions">
        <button type="button" className="button button-primary" disabled={!ready || edit.isPending} onClick={() => setConfirming(true)}>
          {COMMON_TEXTS.apply}
        </button>
        {'ids' in selection && (
          <button
            type="button"
            className="button button-ghost"
            disabled={refetch.isPending}
            onClick={() => refetch.mutate({ ids: selection.ids })}
          >
            {refetch.isPending ? COMMON_TEXTS.working : PICTURE_REFETCH_TEXTS.action}
          </button>
        )}
        <button type="button" className="button button-ghost" onClick={onClear}>
          Clear selection
        </button>
      </div>
      {confirming && (
        <ConfirmDialog
          title={question}
          confirmLabel={type === 'delete' ? ADMIN_TEXTS.delete : COMMON_TEXTS.apply}
          busyLabel={COMMON_TEXTS.working}
          busy={edit.isPending}
          onConfirm={apply}
          onCancel={() => setConfirming(false)}
        >
          <p>
            This changes <strong>{items}</strong> at once. You can take it back with Undo afterwards.
          </p>
          {type !== 'delete' && <BulkPreviewList preview={preview.data} loading={preview.isPending} failed={preview.isError} />}
        </ConfirmDialog>
      )}
    </div>
  );
}

/** The preview in the confirmation: how many of the items would change, and the first changes (before → after). */
function BulkPreviewList({ preview, loading, failed }: { preview: BulkEditPreview | undefined; loading: boolean; failed: boolean }) {
  if (failed) return <p className="field-error">The preview could not be loaded; the change itself may still work.</p>;
  if (loading || !preview) return <p className="bulk-preview-note">{ADMIN_TEXTS.workingOutChanges}</p>;
  return (
    <div className="bulk-preview" aria-live="polite">
      <p className="bulk-preview-note">
        {preview.changed === 0
          ? 'None of these items would change.'
          : `${plural(preview.changed, 'item')} of ${preview.selected.toLocaleString('en-US')} would change${preview.changed > preview.samples.length ? `; the first ${preview.samples.length}` : ''}:`}
      </p>
      {preview.samples.length > 0 && (
        <ul className="bulk-preview-list">
          {preview.samples.map((s) => (
            <li key={s.number}>
              <span className="bulk-preview-title">#{s.number}</span> <span className="bulk-preview-from">{s.from || '(none)'}</span>{' '}
              <span aria-hidden="true">→</span>
              <span className="visually-hidden">becomes</span> <strong>{s.to || '(none)'}</strong>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
