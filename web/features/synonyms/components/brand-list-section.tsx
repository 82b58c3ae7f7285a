import { useId, useState, type FormEvent } from 'react';
import { brandAliasesFromText, brandAliasesToText, brandAliasListSchema } from '../../../../common/schemas/synonym';
import { BRAND_LIST_TEXTS } from '../../../../common/texts/synonyms';
import { LoadStatus } from '../../../components/ui/load-status';
import { useToast } from '../../../components/ui/toast';
import { reasonOf } from '../../../lib/errors';
import { useBrandAliases, useSaveBrandAliases } from '../api/brand-aliases';

/** The kept brand list (issue 40), one "model = brand" a line, beside the synonyms. */
export function BrandListSection() {
  const id = useId();
  const list = useBrandAliases();
  const save = useSaveBrandAliases();
  const toast = useToast();
  const [text, setText] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const shown = text ?? (list.data ? brandAliasesToText(list.data.items) : '');
  const lines = brandAliasesFromText(shown).length;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = brandAliasListSchema.safeParse({ items: brandAliasesFromText(shown) });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? BRAND_LIST_TEXTS.label);
      return;
    }
    setProblem(null);
    save.mutate(parsed.data.items, {
      onSuccess: () => {
        setText(null);
        toast(BRAND_LIST_TEXTS.saved, 'success');
      },
      onError: (err) => setProblem(reasonOf(err)),
    });
  };

  return (
    <section className="admin-section brand-list" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{BRAND_LIST_TEXTS.heading}</h2>
      <p className="item-meta">{BRAND_LIST_TEXTS.intro}</p>
      <LoadStatus
        loading={list.isPending}
        loadingLabel={BRAND_LIST_TEXTS.loading}
        failure={list.isError && `${BRAND_LIST_TEXTS.loadFailed}: ${reasonOf(list.error)}`}
        onRetry={() => void list.refetch()}
      />
      {list.data && (
        <form onSubmit={submit} noValidate>
          <div className="field">
            <label htmlFor={`${id}-text`}>{BRAND_LIST_TEXTS.label}</label>
            <textarea
              id={`${id}-text`}
              rows={8}
              value={shown}
              onChange={(e) => setText(e.target.value)}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-problem` : `${id}-hint`}
            />
            {problem ? (
              <p id={`${id}-problem`} className="field-error" role="alert">
                {problem}
              </p>
            ) : (
              <p id={`${id}-hint`} className="field-hint">
                {BRAND_LIST_TEXTS.count(lines)}
                {list.data.isDefault ? ` · ${BRAND_LIST_TEXTS.isDefault}` : ''}
              </p>
            )}
          </div>
          <button type="submit" className="button button-primary button-small" disabled={save.isPending || text === null}>
            {save.isPending ? BRAND_LIST_TEXTS.saving : BRAND_LIST_TEXTS.save}
          </button>
        </form>
      )}
    </section>
  );
}
