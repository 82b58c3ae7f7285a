import { useState } from 'react';
import { GENDERS } from '../../../../common/constants';
import { ADMIN_TEXTS, withReason } from '../../../../common/admin-constants';
import type { BulkEditBody, BulkEditInput, BulkEditResult } from '../../../../common/schemas/changes';
import type { Category } from '../../../../common/schemas/category';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { SelectField } from '../../../components/ui/select-field';
import { useToast } from '../../../components/ui/toast';
import { reasonOf } from '../../../lib/errors';
import { useBulkEditProducts } from '../api/bulk-edit-products';
import { plural } from '../../../lib/admin/format';

type ActionType = BulkEditBody['action']['type'] | 'unset-best';
const ACTIONS: Array<{ value: ActionType | ''; label: string }> = [
  { value: '', label: 'Choose an action' },
  { value: 'set-category', label: 'Set category' },
  { value: 'set-gender', label: 'Set gender' },
  { value: 'set-best', label: 'Mark as best' },
  { value: 'unset-best', label: 'Unmark as best' },
  { value: 'delete', label: 'Delete' },
];
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
  const [type, setType] = useState<ActionType | ''>('');
  const [value, setValue] = useState('');
  const [confirming, setConfirming] = useState(false);

  const categoryOptions = [{ value: '', label: 'Choose a category' }, { value: NONE, label: 'No category' }, ...categories.map((c) => ({ value: c.name, label: c.name }))];
  const genderOptions = [{ value: '', label: 'Choose a gender' }, { value: NONE, label: 'Not set' }, ...GENDERS.map((g) => ({ value: g, label: g }))];
  const needsValue = type === 'set-category' || type === 'set-gender';
  const ready = type !== '' && (!needsValue || value !== '');
  const items = plural(count, 'item');
  const chosen = value === NONE ? null : value;

  const action = (): BulkEditBody['action'] | null => {
    switch (type) {
      case 'set-category':
        return { type, category: chosen };
      case 'set-gender':
        return { type, gender: chosen as (typeof GENDERS)[number] | null };
      case 'set-best':
        return { type, isBestProduct: true };
      case 'unset-best':
        return { type: 'set-best', isBestProduct: false };
      case 'delete':
        return { type };
      default:
        return null;
    }
  };
  const question =
    type === 'delete'
      ? `Delete ${items}?`
      : type === 'set-category'
        ? `Set the category of ${items} to ${chosen ?? 'none'}?`
        : type === 'set-gender'
          ? `Set the gender of ${items} to ${chosen ?? 'not set'}?`
          : type === 'set-best'
            ? `Mark ${items} as best products?`
            : `Unmark ${items} as best products?`;

  const apply = () => {
    const chosenAction = action();
    if (!chosenAction) return;
    edit.mutate(
      { selection, action: chosenAction },
      {
        onSuccess: (result) => {
          toast(`${result.summary}: ${plural(result.changed, 'item')} changed.`, 'success');
          setType('');
          setValue('');
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
      <SelectField label="Action" options={ACTIONS} value={type} onChange={(e) => { setType(e.target.value as ActionType | ''); setValue(''); }} />
      {type === 'set-category' && <SelectField label="Category" options={categoryOptions} value={value} onChange={(e) => setValue(e.target.value)} />}
      {type === 'set-gender' && <SelectField label="Gender" options={genderOptions} value={value} onChange={(e) => setValue(e.target.value)} />}
      <div className="toolbar-actions">
        <button type="button" className="button button-primary" disabled={!ready || edit.isPending} onClick={() => setConfirming(true)}>
          Apply
        </button>
        <button type="button" className="button button-ghost" onClick={onClear}>
          Clear selection
        </button>
      </div>
      {confirming && (
        <ConfirmDialog
          title={question}
          confirmLabel={type === 'delete' ? ADMIN_TEXTS.delete : 'Apply'}
          busyLabel="Working..."
          busy={edit.isPending}
          onConfirm={apply}
          onCancel={() => setConfirming(false)}
        >
          <p>
            This changes <strong>{items}</strong> at once. You can take it back with Undo afterwards.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
