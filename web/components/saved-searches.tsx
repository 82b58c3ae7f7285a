import { useState, type FormEvent } from 'react';
import type { SavedSearch } from '../../common/schemas/saved-search';
import { savedSearchChangeSchema } from '../../common/schemas/saved-search';
import { SAVED_SEARCH_TEXTS as T } from '../../common/texts/saved-searches';
import { TEXTS } from '../../common/texts/storefront';
import { reasonOf } from '../lib/errors';
import { Link } from '../lib/router';
import { useChangeSavedSearch, useDeleteSavedSearch, useOpenSavedSearch, useSavedSearches } from '../lib/saved-searches';
import { useForm } from '../lib/use-form';
import { LoadStatus } from './ui/load-status';
import { TextField } from './ui/text-field';
import './saved-searches.css';

/**
 * The signed-in person's saved searches (issue 42, decision 0085), on /home and the Account page: each opens the
 * finder on its view (on what is new since it was last opened, when there is some), can be renamed, deleted and have
 * its mail turned on or off (disabled, with the reason, when the site cannot mail).
 */
export function SavedSearches({ headingLevel = 2, className = '' }: { headingLevel?: 2 | 3; className?: string }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const query = useSavedSearches(true);
  const [note, setNote] = useState('');
  const data = query.data;
  return (
    <section className={`saved-searches ${className}`.trim()} aria-labelledby="saved-searches-title">
      <div className="saved-searches-head">
        <Heading id="saved-searches-title">{T.listTitle}</Heading>
        {data && data.items.length > 0 && <span className="saved-searches-count">{T.listCount(data.items.length, data.max)}</span>}
      </div>
      <p role="status" className="saved-searches-note">
        {note}
      </p>
      {!data ? (
        <LoadStatus
          loading={query.isPending}
          loadingText={T.loading}
          loadingLabel=""
          failure={query.isError && T.loadFailed}
          onRetry={() => void query.refetch()}
          retryLabel={TEXTS.retry}
        />
      ) : data.items.length === 0 ? (
        <p>{T.listEmpty}</p>
      ) : (
        <>
          {data.mailUnavailableReason && (
            <p className="field-hint" id="saved-searches-mail-reason">
              {data.mailUnavailableReason}
            </p>
          )}
          <ul className="saved-searches-list">
            {data.items.map((item) => (
              <SavedSearchItem key={item.id} item={item} mailAvailable={data.mailAvailable} onNote={setNote} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function SavedSearchItem({ item, mailAvailable, onNote }: { item: SavedSearch; mailAvailable: boolean; onNote: (text: string) => void }) {
  const [renaming, setRenaming] = useState(false);
  const change = useChangeSavedSearch();
  const remove = useDeleteSavedSearch();
  const opened = useOpenSavedSearch();
  const failed = (err: unknown) => onNote(`${T.changeFailed} ${reasonOf(err)}`);
  return (
    <li className="saved-search">
      <div className="saved-search-main">
        <Link
          to={item.newPath ?? item.path}
          className="saved-search-name"
          aria-label={T.openLabel(item.name)}
          onClick={() => opened(item.id)}
        >
          <span dir="auto">{item.name}</span>
        </Link>
        {item.newCount > 0 && <span className="saved-search-new">{T.newCount(item.newCount)}</span>}
      </div>
      {renaming ? (
        <RenameForm
          item={item}
          onDone={(name) => {
            setRenaming(false);
            if (name) onNote(T.renamed(name));
          }}
        />
      ) : (
        <div className="saved-search-actions">
          <label className="saved-search-mail">
            <input
              type="checkbox"
              role="switch"
              checked={item.mail}
              disabled={!mailAvailable || change.isPending}
              aria-label={T.mailToggleLabel(item.name)}
              aria-describedby={mailAvailable ? undefined : 'saved-searches-mail-reason'}
              onChange={(e) => change.mutate({ id: item.id, change: { mail: e.target.checked } }, { onError: failed })}
            />
            <span aria-hidden="true">{T.mailOn}</span>
          </label>
          <button type="button" className="link-button" aria-label={T.renameLabel(item.name)} onClick={() => setRenaming(true)}>
            {T.rename}
          </button>
          <button
            type="button"
            className="link-button"
            aria-label={T.deleteLabel(item.name)}
            disabled={remove.isPending}
            onClick={() => remove.mutate(item.id, { onSuccess: () => onNote(T.deleted(item.name)), onError: failed })}
          >
            {T.delete}
          </button>
        </div>
      )}
    </li>
  );
}

const RENAME_FIELDS = ['name'] as const;

function RenameForm({ item, onDone }: { item: SavedSearch; onDone: (name: string | null) => void }) {
  const form = useForm(RENAME_FIELDS, { name: item.name });
  const change = useChangeSavedSearch();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const data = form.validate(savedSearchChangeSchema);
    if (!data?.name) return;
    const name = data.name;
    change.mutate({ id: item.id, change: { name } }, { onSuccess: () => onDone(name), onError: (err) => form.fail(err, () => 'name') });
  };
  return (
    <form className="saved-search-rename" onSubmit={submit} noValidate>
      <TextField label={T.nameLabel} autoFocus required maxLength={200} {...form.field('name')} />
      <button type="submit" className="button button-primary" disabled={change.isPending}>
        {change.isPending ? T.saving : T.renameSubmit}
      </button>
      <button type="button" className="button button-ghost" onClick={() => onDone(null)}>
        {T.cancel}
      </button>
    </form>
  );
}
