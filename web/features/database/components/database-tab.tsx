import { useEffect, useRef, useState } from 'react';
import { ADMIN_TEXTS } from '../../../../common/texts/admin';
import {
  BULK_OPERATION_NAMES,
  BULK_SAMPLES_ON_SCREEN,
  CATEGORY_RULES,
  GENDER_OPERATION,
  REFRESH_STATS_NAME,
  WOMEN_OPERATION,
  type BulkOperation,
} from '../../../../common/bulk-op-rules';
import type { BulkPreview, BulkResult, BulkUpdate } from '../../../../common/schemas/bulk-op';
import type { UndoResult } from '../../../../common/schemas/changes';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { hasRole } from '../../../../common/roles';
import { COMMON_TEXTS } from '../../../../common/texts/common';
import { LoadStatus } from '../../../components/ui/load-status';
import { reasonOf } from '../../../lib/errors';
import { useSession } from '../../../lib/session';
import { useCategoryStats } from '../api/get-category-stats';
import { useRunBulkOp } from '../api/run-bulk-op';
import { usePreviewBulkOp, useUndoBulkOp } from '../api/bulk-op-preview';
import { JobsPanel } from './jobs-panel';
import './database.css';

/** What each button does, under it (the rules' own words, so they cannot drift from what the server runs). */
const HINTS: Record<BulkOperation, string> = {
  ...(Object.fromEntries(CATEGORY_RULES.map((r) => [r.operation, `${r.keywords.join(', ')} → ${r.category}`])) as Record<
    (typeof CATEGORY_RULES)[number]['operation'],
    string
  >),
  [WOMEN_OPERATION.operation]: "Women's products without a category, from their titles",
  [GENDER_OPERATION.operation]: `Gender ${GENDER_OPERATION.gender} where it is missing`,
};
const OPERATIONS = Object.keys(BULK_OPERATION_NAMES) as BulkOperation[];

type Outcome = { name: string; result: BulkResult | null; error: string | null; undone?: UndoResult };
type Pending = { operation: BulkOperation; preview: BulkPreview };

const sampleText = (u: BulkUpdate) => u.newCategory ?? u.newGender ?? ADMIN_TEXTS.sampleUpdated;

/**
 * Database Operations (spec sections 2, 4, 6, 8 and 9): developers get the bulk operations, their results and the
 * category distribution; everyone else sees why not. The server refuses the operations to non-developers too.
 */
export function DatabaseTab() {
  const session = useSession();
  if (session.status === 'pending') {
    return <LoadStatus loading loadingText={ADMIN_TEXTS.checkingDeveloper} announce />;
  }
  // Spec section 6: a failed check means "not a developer".
  if (!hasRole(session.user, 'developer')) {
    return (
      <div className="notice">
        <h3>{ADMIN_TEXTS.developerRequiredTitle}</h3>
        <p>{ADMIN_TEXTS.developerRequiredText}</p>
      </div>
    );
  }
  return <DatabaseOperations />;
}

function DatabaseOperations() {
  const stats = useCategoryStats(true);
  const run = useRunBulkOp();
  const preview = usePreviewBulkOp();
  const undo = useUndoBulkOp();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const refreshing = stats.isFetching && !stats.isPending && !run.isPending;
  const busy = run.isPending || refreshing || preview.isPending || undo.isPending;

  // The clicked button is disabled while the operation runs, so focus moves to what it produced.
  useEffect(() => {
    if (outcome) resultHeading.current?.focus();
  }, [outcome]);

  /** Issue 15: a button first shows what its operation would change, and asks. */
  const ask = (operation: BulkOperation) => {
    const name = BULK_OPERATION_NAMES[operation];
    setOutcome(null);
    preview.mutate(operation, {
      onSuccess: (answer) => setPending({ operation, preview: answer }),
      onError: (error) => setOutcome({ name, result: null, error: reasonOf(error) }),
    });
  };

  const takeBack = () => {
    const changeId = outcome?.result?.changeId;
    if (!outcome || !changeId) return;
    undo.mutate(changeId, {
      onSuccess: (undone) => setOutcome({ ...outcome, undone }),
      onError: (error) => setOutcome({ ...outcome, error: reasonOf(error) }),
    });
  };

  const start = (operation: BulkOperation) => {
    const name = BULK_OPERATION_NAMES[operation];
    setPending(null);
    setOutcome(null);
    run.mutate(operation, {
      onSuccess: (result) => setOutcome({ name, result, error: null }),
      onError: (error) => {
        // Spec section 8: the panel shows the message; the details go to the console.
        console.error(`${name} failed`, error);
        setOutcome({ name, result: null, error: reasonOf(error) });
      },
    });
  };

  return (
    <div className="admin-section database-tab">
      <div className="bulk-ops" role="group" aria-label={ADMIN_TEXTS.databaseOperations} aria-busy={busy}>
        {OPERATIONS.map((operation) => (
          <div key={operation} className="bulk-op">
            <button
              type="button"
              className="button button-primary"
              disabled={busy}
              aria-describedby={`bulk-hint-${operation}`}
              onClick={() => ask(operation)}
            >
              {BULK_OPERATION_NAMES[operation]}
            </button>
            <p id={`bulk-hint-${operation}`} className="bulk-op-hint">
              {HINTS[operation]}
            </p>
          </div>
        ))}
        <div className="bulk-op">
          <button
            type="button"
            className="button button-ghost"
            disabled={busy}
            aria-describedby="bulk-hint-stats"
            onClick={() => void stats.refetch()}
          >
            {REFRESH_STATS_NAME}
          </button>
          <p id="bulk-hint-stats" className="bulk-op-hint">
            Reload the category counts
          </p>
        </div>
      </div>

      <div aria-live="polite">
        <LoadStatus loading={busy} loadingText={ADMIN_TEXTS.runningOperation} announce />
      </div>

      {outcome && (
        <section className="bulk-result" aria-labelledby="bulk-result-heading">
          <h3 id="bulk-result-heading" ref={resultHeading} tabIndex={-1}>
            {ADMIN_TEXTS.operationResults(outcome.name)}
          </h3>
          {outcome.error !== null || !outcome.result ? (
            <p className="form-error" role="alert">
              {ADMIN_TEXTS.operationError(outcome.error ?? '')}
            </p>
          ) : (
            <ResultDetails result={outcome.result} />
          )}
          {outcome.result?.changeId && !outcome.undone && (
            <button type="button" className="button button-ghost" disabled={busy} onClick={takeBack}>
              {undo.isPending ? COMMON_TEXTS.undoing : ADMIN_TEXTS.undoOperation(outcome.name)}
            </button>
          )}
          {outcome.undone && (
            <p className="bulk-message" role="status">
              Undone: {outcome.undone.restored.toLocaleString('en-US')} products put back
              {outcome.undone.skipped > 0 ? `; ${outcome.undone.skipped.toLocaleString('en-US')} changed since were left as they are` : ''}.
            </p>
          )}
        </section>
      )}

      {pending && (
        <ConfirmDialog
          title={`${BULK_OPERATION_NAMES[pending.operation]}?`}
          confirmLabel="Run"
          busyLabel={ADMIN_TEXTS.runningOperation}
          busy={run.isPending}
          onConfirm={() => start(pending.operation)}
          onCancel={() => setPending(null)}
        >
          <p>
            {pending.preview.updatedCount === 0
              ? 'This would change no product.'
              : `This will change ${pending.preview.updatedCount.toLocaleString('en-US')} of ${pending.preview.totalProcessed.toLocaleString('en-US')} products. You can undo it afterwards.`}
          </p>
          {pending.preview.message && <p>{pending.preview.message}</p>}
          {pending.preview.updates.length > 0 && (
            <ul className="bulk-samples" aria-label="Products it would change">
              {pending.preview.updates.slice(0, BULK_SAMPLES_ON_SCREEN).map((u) => (
                <li key={u.id}>
                  <span className="bulk-sample-title">{u.title}</span> → <strong>{sampleText(u)}</strong>
                </li>
              ))}
            </ul>
          )}
        </ConfirmDialog>
      )}

      <section className="category-distribution" aria-labelledby="category-distribution-heading" aria-busy={stats.isFetching}>
        <h3 id="category-distribution-heading">{ADMIN_TEXTS.categoryDistribution}</h3>
        {stats.isPending || stats.isError ? (
          <LoadStatus
            loading={stats.isPending}
            loadingLabel="Loading category counts"
            failure={stats.isError && `${ADMIN_TEXTS.categoryStatsFailed} ${reasonOf(stats.error)}`}
            onRetry={() => void stats.refetch()}
            retryStyle="ghost"
          />
        ) : (
          <Distribution items={stats.data.items} total={stats.data.total} />
        )}
      </section>

      <JobsPanel />
    </div>
  );
}

function ResultDetails({ result }: { result: BulkResult }) {
  const shown = result.updates.slice(0, BULK_SAMPLES_ON_SCREEN);
  const more = result.updatedCount - shown.length;
  const n = (value: number) => value.toLocaleString('en-US');
  return (
    <>
      <dl className="bulk-counts">
        <div>
          <dt>{ADMIN_TEXTS.totalProcessed}</dt>
          <dd>{n(result.totalProcessed)}</dd>
        </div>
        <div>
          <dt>{ADMIN_TEXTS.productsMatched}</dt>
          <dd>{n(result.matchedProducts)}</dd>
        </div>
        <div>
          <dt>{ADMIN_TEXTS.productsUpdated}</dt>
          <dd>{n(result.updatedCount)}</dd>
        </div>
      </dl>
      {result.message && <p className="bulk-message">{result.message}</p>}
      {shown.length > 0 && (
        <ul className="bulk-samples" aria-label="Sample updates">
          {shown.map((u) => (
            <li key={u.id}>
              <span className="bulk-sample-title">{u.title}</span> → <strong>{sampleText(u)}</strong>
            </li>
          ))}
        </ul>
      )}
      {more > 0 && <p className="bulk-more">{ADMIN_TEXTS.moreProducts(more)}</p>}
    </>
  );
}

function Distribution({ items, total }: { items: Array<{ category: string | null; count: number }>; total: number }) {
  if (items.length === 0) return <p className="summary">No products yet.</p>;
  const largest = Math.max(...items.map((i) => i.count));
  return (
    <>
      <p className="summary">{`${total.toLocaleString('en-US')} products in ${items.filter((i) => i.category !== null).length} categories`}</p>
      <ol className="distribution">
        {items.map((item) => (
          <li key={item.category ?? ''} className={item.category === null ? 'distribution-none' : undefined}>
            <span className="distribution-name">{item.category ?? ADMIN_TEXTS.noCategory}</span>
            <span className="distribution-bar" aria-hidden="true">
              <span style={{ width: `${Math.max(1, (item.count / largest) * 100)}%` }} />
            </span>
            <span className="distribution-count">{item.count.toLocaleString('en-US')}</span>
          </li>
        ))}
      </ol>
    </>
  );
}
