import { useId, useState, type FormEvent } from 'react';
import { synonymInputSchema, termsFromLine, type Synonym } from '../../../../common/schemas/synonym';
import { SYNONYM_TEXTS } from '../../../../common/texts/synonyms';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadStatus } from '../../../components/ui/load-status';
import { useToast } from '../../../components/ui/toast';
import { reasonOf } from '../../../lib/errors';
import { useDeleteSynonym, useSaveSynonym, useSynonyms } from '../api/synonyms';
import './synonyms.css';

/** One line of terms, checked with the API's own schema; its first problem, or the terms. */
function parseLine(line: string): { terms: string[] } | { problem: string } {
  const parsed = synonymInputSchema.safeParse({ terms: termsFromLine(line) });
  return parsed.success ? { terms: parsed.data.terms } : { problem: parsed.error.issues[0]?.message ?? SYNONYM_TEXTS.tooFew };
}

/** The form of a new group, or of one group being edited in place. */
function TermsForm({
  initial,
  submitLabel,
  busyLabel,
  onSave,
  onCancel,
}: {
  initial: string;
  submitLabel: string;
  busyLabel: string;
  onSave: (terms: string[]) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const id = useId();
  const [line, setLine] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseLine(line);
    if ('problem' in parsed) {
      setProblem(parsed.problem);
      return;
    }
    setBusy(true);
    try {
      await onSave(parsed.terms);
      setProblem(null);
      if (!onCancel) setLine('');
    } catch (err) {
      setProblem(reasonOf(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="synonym-form" onSubmit={(e) => void submit(e)} noValidate>
      <div className="field">
        <label htmlFor={`${id}-terms`}>{SYNONYM_TEXTS.termsLabel}</label>
        <input
          id={`${id}-terms`}
          value={line}
          onChange={(e) => setLine(e.target.value)}
          placeholder={SYNONYM_TEXTS.termsHint}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : `${id}-hint`}
          autoFocus={Boolean(onCancel)}
        />
        {problem ? (
          <p id={`${id}-problem`} className="field-error" role="alert">
            {problem}
          </p>
        ) : (
          <p id={`${id}-hint`} className="field-hint">
            {SYNONYM_TEXTS.termsHint}
          </p>
        )}
      </div>
      <div className="item-actions">
        <button type="submit" className="button button-primary button-small" disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="button button-ghost button-small" onClick={onCancel} disabled={busy}>
            {SYNONYM_TEXTS.cancel}
          </button>
        )}
      </div>
    </form>
  );
}

/**
 * The search's synonyms (issue 27), under the categories: each group a line of words that mean the same, edited in
 * place; every change is audited on the server, and the storefront's search uses it from its next search on.
 */
export function SynonymsSection() {
  const synonyms = useSynonyms();
  const save = useSaveSynonym();
  const remove = useDeleteSynonym();
  const toast = useToast();
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Synonym | null>(null);

  return (
    <section className="admin-section synonyms" aria-labelledby="synonyms-heading">
      <h2 id="synonyms-heading">{SYNONYM_TEXTS.heading}</h2>
      <p className="item-meta">{SYNONYM_TEXTS.intro}</p>
      <TermsForm
        initial=""
        submitLabel={SYNONYM_TEXTS.add}
        busyLabel={SYNONYM_TEXTS.adding}
        onSave={async (terms) => {
          await save.mutateAsync({ id: null, terms });
          toast(SYNONYM_TEXTS.added, 'success');
        }}
      />
      <LoadStatus
        loading={synonyms.isPending}
        loadingLabel={SYNONYM_TEXTS.loading}
        failure={synonyms.isError && `${SYNONYM_TEXTS.loadFailed}: ${reasonOf(synonyms.error)}`}
        onRetry={() => void synonyms.refetch()}
      />
      {synonyms.data &&
        (synonyms.data.length === 0 ? (
          <p className="summary">{SYNONYM_TEXTS.empty}</p>
        ) : (
          <ul className="synonym-list" aria-label={SYNONYM_TEXTS.listLabel}>
            {synonyms.data.map((s) => {
              const text = s.terms.join(', ');
              return (
                <li key={s.id} className="synonym-item">
                  {editing === s.id ? (
                    <TermsForm
                      initial={text}
                      submitLabel={SYNONYM_TEXTS.save}
                      busyLabel={SYNONYM_TEXTS.saving}
                      onCancel={() => setEditing(null)}
                      onSave={async (terms) => {
                        await save.mutateAsync({ id: s.id, terms });
                        setEditing(null);
                        toast(SYNONYM_TEXTS.saved, 'success');
                      }}
                    />
                  ) : (
                    <>
                      <span className="synonym-terms">{text}</span>
                      <span className="item-actions">
                        <button
                          type="button"
                          className="button button-ghost button-small"
                          onClick={() => setEditing(s.id)}
                          aria-label={`${SYNONYM_TEXTS.edit} ${text}`}
                        >
                          {SYNONYM_TEXTS.edit}
                        </button>
                        <button
                          type="button"
                          className="button button-danger-ghost button-small"
                          onClick={() => setDeleting(s)}
                          aria-label={`${SYNONYM_TEXTS.delete} ${text}`}
                        >
                          {SYNONYM_TEXTS.delete}
                        </button>
                      </span>
                    </>
                  )}
                </li>
              );
            })}
          </ul>
        ))}
      {deleting && (
        <ConfirmDialog
          title={SYNONYM_TEXTS.heading}
          busy={remove.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => {
                setDeleting(null);
                toast(SYNONYM_TEXTS.deleted, 'success');
              },
              onError: (err) => toast(reasonOf(err), 'error'),
            })
          }
        >
          <p>{SYNONYM_TEXTS.deleteConfirm(deleting.terms.join(', '))}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
