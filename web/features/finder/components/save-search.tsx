import { useId, useState, type FormEvent } from 'react';
import { paramsFromFilters, type FinderFilters } from '../../../../common/finder-filters';
import { ALL } from '../../../../common/constants';
import { savedSearchInputSchema } from '../../../../common/schemas/saved-search';
import { SAVED_SEARCH_TEXTS as T } from '../../../../common/texts/saved-searches';
import { Link, useLocation } from '../../../lib/router';
import { useSaveSearch, useSavedSearches } from '../../../lib/saved-searches';
import { useSession } from '../../../lib/session';
import { useForm } from '../../../lib/use-form';
import { FormFailure } from '../../../components/ui/form-failure';
import { TextField } from '../../../components/ui/text-field';
import './save-search.css';

/** A name to start from: the words, else the category, else the brands. */
function suggestedName(f: FinderFilters, categoryLabel: string): string {
  if (f.search.trim()) return f.search.trim();
  if (f.category !== ALL) return categoryLabel;
  return f.brands.join(', ');
}

/**
 * Save search (issue 42, decision 0085): a signed-in visitor keeps the finder's view (words, filters, sort) under a
 * name, mailed when new products match (the option disabled, with the reason, when the site cannot mail); a
 * signed-out visitor is offered to sign in, and comes back to the same view after.
 */
export function SaveSearch({ filters, categoryLabel }: { filters: FinderFilters; categoryLabel: string }) {
  const session = useSession();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const formId = useId();
  if (session.status === 'pending' || session.status === 'error') return null;
  if (session.status === 'signed-out') {
    const next = `${location.pathname}${location.search}`;
    return (
      <p className="save-search">
        <Link to={`/login?next=${encodeURIComponent(next)}`} className="filter-button save-search-button">
          {T.signInToSave}
        </Link>
      </p>
    );
  }
  return (
    <div className="save-search">
      <button
        type="button"
        className="filter-button save-search-button"
        aria-expanded={open}
        aria-controls={formId}
        onClick={() => {
          setOpen((o) => !o);
          setNote('');
        }}
      >
        {T.save}
      </button>
      <p role="status" className="save-search-note">
        {note}
      </p>
      {open && (
        <SaveSearchForm
          id={formId}
          query={paramsFromFilters({ ...filters, since: null }).toString()}
          initialName={suggestedName(filters, categoryLabel)}
          onDone={(name) => {
            setOpen(false);
            if (name) setNote(T.saved(name));
          }}
        />
      )}
    </div>
  );
}

const FIELDS = ['name', 'mail'] as const;

function SaveSearchForm({
  id,
  query,
  initialName,
  onDone,
}: {
  id: string;
  query: string;
  initialName: string;
  onDone: (name: string | null) => void;
}) {
  const list = useSavedSearches(true);
  const mailAvailable = list.data?.mailAvailable ?? true;
  const reason = list.data?.mailUnavailableReason ?? null;
  const form = useForm(FIELDS, { name: initialName, mail: true });
  const save = useSaveSearch();
  const reasonId = `${id}-mail-reason`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const data = form.validate(savedSearchInputSchema.pick({ name: true, mail: true }));
    if (!data) return;
    const name = data.name;
    save.mutate(
      { name, query, mail: mailAvailable && form.values.mail },
      // A refusal (the limit, a name in use) is about the name: said under it.
      {
        onSuccess: () => onDone(name),
        onError: (err) => form.fail(err, (_message, status) => (status === 409 || status === 400 ? 'name' : undefined)),
      },
    );
  };
  return (
    <form id={id} className="save-search-form" onSubmit={submit} noValidate aria-label={T.saveTitle}>
      <FormFailure message={form.errors.form ?? null} />
      <TextField label={T.nameLabel} hint={T.nameHint} autoFocus required maxLength={200} {...form.field('name')} />
      <div className="field">
        <label className="save-search-mail">
          <input
            type="checkbox"
            {...form.check('mail')}
            checked={mailAvailable && form.values.mail}
            disabled={!mailAvailable}
            aria-describedby={reason ? reasonId : `${reasonId}-hint`}
          />
          {T.mailLabel}
        </label>
        {reason ? (
          <p className="field-hint" id={reasonId}>
            {reason}
          </p>
        ) : (
          <p className="field-hint" id={`${reasonId}-hint`}>
            {T.mailHint}
          </p>
        )}
      </div>
      <div className="save-search-actions">
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          {save.isPending ? T.saving : T.saveSubmit}
        </button>
        <button type="button" className="button button-ghost" onClick={() => onDone(null)}>
          {T.cancel}
        </button>
      </div>
    </form>
  );
}
