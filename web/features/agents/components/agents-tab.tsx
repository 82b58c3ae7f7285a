import { useState } from 'react';
import { AGENT_TEXTS } from '../../../../common/texts/agents';
import type { AdminAgent } from '../../../../common/schemas/agent';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadStatus } from '../../../components/ui/load-status';
import { useToast } from '../../../components/ui/toast';
import { reasonOf } from '../../../lib/errors';
import { useDeleteAgent } from '../api/delete-agent';
import { useAdminAgents } from '../api/get-admin-agents';
import { useReorderAgents } from '../api/reorder-agents';
import { useSetDefaultAgent } from '../api/set-default-agent';
import { AgentFormDialog } from './agent-form-dialog';
import { AgentPromoDialog } from './agent-promo-dialog';
import './agents.css';

/**
 * The Agents tab (issue 16): the shopping agents visitors can buy through, in the order the pickers offer them, with
 * the default one BUY uses for a visitor who has not chosen. Few (tens), so the whole list comes at once.
 */
export function AgentsTab() {
  const agents = useAdminAgents();
  const reorder = useReorderAgents();
  const makeDefault = useSetDefaultAgent();
  const remove = useDeleteAgent();
  const toast = useToast();
  const [editing, setEditing] = useState<{ agent: AdminAgent | null } | null>(null);
  const [deleting, setDeleting] = useState<AdminAgent | null>(null);
  const [promoting, setPromoting] = useState<AdminAgent | null>(null);
  const list = agents.data ?? [];
  const busy = reorder.isPending || makeDefault.isPending;
  const failed = (err: unknown) => toast(AGENT_TEXTS.failed(reasonOf(err)), 'error');

  const move = (index: number, by: -1 | 1) => {
    const ids = list.map((a) => a.id);
    const [moved] = ids.splice(index, 1);
    if (!moved) return;
    ids.splice(index + by, 0, moved);
    reorder.mutate(ids, { onError: failed });
  };

  return (
    <div className="admin-section">
      <div className="toolbar">
        <p className="agents-intro">{AGENT_TEXTS.intro}</p>
        <div className="toolbar-actions">
          <button type="button" className="button button-primary" onClick={() => setEditing({ agent: null })}>
            {AGENT_TEXTS.add}
          </button>
        </div>
      </div>

      <LoadStatus
        loading={agents.isPending}
        loadingLabel="Loading agents"
        failure={agents.isError && `${AGENT_TEXTS.loadFailed}: ${reasonOf(agents.error)}`}
        onRetry={() => void agents.refetch()}
      />
      {agents.data && list.length === 0 && <p className="summary">{AGENT_TEXTS.none}</p>}
      {list.length > 0 && (
        <div className="data-table-wrap">
          <table className="data-table agents-table">
            <thead>
              <tr>
                <th scope="col">{AGENT_TEXTS.columns.order}</th>
                <th scope="col">{AGENT_TEXTS.columns.name}</th>
                <th scope="col">{AGENT_TEXTS.columns.template}</th>
                <th scope="col">{AGENT_TEXTS.columns.referral}</th>
                <th scope="col">{AGENT_TEXTS.columns.promo}</th>
                <th scope="col">{AGENT_TEXTS.columns.enabled}</th>
                <th scope="col">{AGENT_TEXTS.columns.actions}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((a, i) => (
                <tr key={a.id} className={a.enabled ? undefined : 'agent-disabled'}>
                  <td className="agent-order">
                    <button
                      type="button"
                      className="button button-ghost button-small"
                      onClick={() => move(i, -1)}
                      disabled={i === 0 || busy}
                      aria-label={AGENT_TEXTS.moveUp(a.name)}
                    >
                      <span aria-hidden="true">↑</span>
                    </button>
                    <button
                      type="button"
                      className="button button-ghost button-small"
                      onClick={() => move(i, 1)}
                      disabled={i === list.length - 1 || busy}
                      aria-label={AGENT_TEXTS.moveDown(a.name)}
                    >
                      <span aria-hidden="true">↓</span>
                    </button>
                  </td>
                  <th scope="row">
                    {a.name} <span className="agent-slug">{a.slug}</span>
                    {a.isDefault && <span className="agent-badge">{AGENT_TEXTS.defaultBadge}</span>}
                  </th>
                  <td className="agent-template">
                    <code>{a.template}</code>
                  </td>
                  <td>{a.referralCode ? <code>{a.referralCode}</code> : <span className="agent-none">{AGENT_TEXTS.noReferral}</span>}</td>
                  <td className="agent-promo-cell">
                    {a.promo ? (
                      <>
                        <span className={`agent-promo-state agent-promo-${a.promo.state}`}>{AGENT_TEXTS.promoStates[a.promo.state]}</span>{' '}
                        {a.promo.text}
                      </>
                    ) : (
                      <span className="agent-none">{AGENT_TEXTS.promoNone}</span>
                    )}
                  </td>
                  <td>{a.enabled ? AGENT_TEXTS.yes : AGENT_TEXTS.no}</td>
                  <td>
                    {/* A flex box inside the cell: a flex <td> is no table cell, and its row fell out of line (issue 28). */}
                    <div className="item-actions">
                      {!a.isDefault && a.enabled && (
                        <button
                          type="button"
                          className="button button-ghost button-small"
                          disabled={busy}
                          onClick={() =>
                            makeDefault.mutate(a.id, { onSuccess: () => toast(AGENT_TEXTS.defaultSet(a.name), 'success'), onError: failed })
                          }
                          aria-label={`${AGENT_TEXTS.makeDefault}: ${a.name}`}
                        >
                          {AGENT_TEXTS.makeDefault}
                        </button>
                      )}
                      <button
                        type="button"
                        className="button button-ghost button-small"
                        onClick={() => setEditing({ agent: a })}
                        aria-label={AGENT_TEXTS.edit(a.name)}
                      >
                        {AGENT_TEXTS.editShort}
                      </button>
                      <button
                        type="button"
                        className="button button-ghost button-small"
                        onClick={() => setPromoting(a)}
                        aria-label={AGENT_TEXTS.promoEdit(a.name)}
                      >
                        {AGENT_TEXTS.promo}
                      </button>
                      {!a.isDefault && (
                        <button
                          type="button"
                          className="button button-danger-ghost button-small"
                          onClick={() => setDeleting(a)}
                          aria-label={`${AGENT_TEXTS.delete} ${a.name}`}
                        >
                          {AGENT_TEXTS.delete}
                        </button>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {editing && <AgentFormDialog key={editing.agent?.id ?? 'new'} agent={editing.agent} onClose={() => setEditing(null)} />}
      {promoting && <AgentPromoDialog key={promoting.id} agent={promoting} onClose={() => setPromoting(null)} />}
      {deleting && (
        <ConfirmDialog
          title={`${AGENT_TEXTS.delete} ${deleting.name}`}
          busy={remove.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => {
                toast(AGENT_TEXTS.deleted(deleting.name), 'success');
                setDeleting(null);
              },
              onError: failed,
            })
          }
        >
          <p>{AGENT_TEXTS.deleteConfirm(deleting.name)}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
