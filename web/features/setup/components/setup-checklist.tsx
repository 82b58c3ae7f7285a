import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from '../../../lib/router';
import { withReason } from '../../../../common/texts/admin';
import type { DemoRemoval, SetupStatus } from '../../../../common/schemas/setup';
import { SETUP_ITEM_TEXTS, SETUP_TEXTS } from '../../../../common/texts/setup';
import { SETUP_ITEMS, type SetupItem } from '../../../../common/setup';
import { COMMON_TEXTS } from '../../../../common/texts/common';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { invalidateCatalogue } from '../../../lib/admin/keys';
import { apiPost } from '../../../lib/api-client';
import { reasonOf } from '../../../lib/errors';
import { setupKey, useSetup } from '../../../lib/admin/setup-status';
import { useDismissSetup, useRemoveDemo } from '../api/setup';
import './setup.css';

/** Saves one agent's referral code; the dashboard hands in the Agents area's own call (features never import each other). */
export type SaveReferralCode = (agentId: string, referralCode: string) => Promise<unknown>;
/** Turns off the enabled agents without a code but the default, through the Agents area's own call. */
export type DisableUncodedAgents = () => Promise<{ disabled: string[] }>;

function ReferralCodeField({ agent, save }: { agent: { id: string; name: string }; save: SaveReferralCode }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() === '') return setError('Enter the code this agent gave you.');
    setBusy(true);
    setError(undefined);
    try {
      await save(agent.id, code.trim());
      toast(SETUP_TEXTS.referralSaved(agent.name), 'success');
      await queryClient.invalidateQueries({ queryKey: setupKey });
    } catch (err) {
      setError(reasonOf(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="setup-referral" onSubmit={(e) => void submit(e)} noValidate>
      <TextField
        label={SETUP_TEXTS.referralLabel(agent.name)}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={error}
        autoComplete="off"
      />
      <button type="submit" className="button button-small" disabled={busy}>
        {busy ? COMMON_TEXTS.saving : SETUP_TEXTS.saveReferral}
      </button>
    </form>
  );
}

function ItemControls({
  item,
  status,
  save,
  onRemoveDemo,
  onDisableUncoded,
}: {
  item: SetupItem;
  status: SetupStatus;
  save: SaveReferralCode;
  onRemoveDemo: () => void;
  onDisableUncoded: () => void;
}) {
  if (item === 'referral-codes') {
    const optional = status.agentsWithoutReferral.filter((agent) => !agent.isDefault).length;
    return (
      <>
        <details className="setup-referrals">
          <summary>{SETUP_TEXTS.enterCodes(status.agentsWithoutReferral.length)}</summary>
          <div className="setup-referral-fields">
            {status.agentsWithoutReferral.map((agent) => (
              <ReferralCodeField key={agent.id} agent={agent} save={save} />
            ))}
          </div>
        </details>
        {optional > 0 && (
          <button type="button" className="button button-ghost button-small setup-disable-uncoded" onClick={onDisableUncoded}>
            {SETUP_TEXTS.disableUncoded(optional)}
          </button>
        )}
      </>
    );
  }
  if (item === 'currency-rates') {
    return (
      <Link to="/admin?tab=currencies" className="button button-ghost button-small">
        {SETUP_TEXTS.openCurrencies}
      </Link>
    );
  }
  if (item === 'demo-catalogue') {
    return (
      <button type="button" className="button button-ghost button-small" onClick={onRemoveDemo}>
        {SETUP_TEXTS.removeDemo}
      </button>
    );
  }
  return null;
}

/**
 * The setup checklist at the top of the dashboard (issue 28): each thing a new site lacks, what leaving it costs and
 * how to fix it, with the fix at hand where the dashboard can make it. Gone when every item is done, or put away per
 * account ("I'll do this later"); a line then offers it again.
 */
export function SetupChecklist({
  saveReferralCode,
  disableUncodedAgents,
}: {
  saveReferralCode: SaveReferralCode;
  disableUncodedAgents: DisableUncodedAgents;
}) {
  const titleId = useId();
  const toast = useToast();
  const queryClient = useQueryClient();
  const setup = useSetup();
  const dismiss = useDismissSetup();
  const removeDemo = useRemoveDemo();
  const [confirming, setConfirming] = useState(false);
  const [removed, setRemoved] = useState<DemoRemoval | null>(null);
  const [undoing, setUndoing] = useState(false);
  const [confirmingAgents, setConfirmingAgents] = useState(false);
  const [disablingAgents, setDisablingAgents] = useState(false);
  // The button that opened the confirmation goes with the demo item: focus moves to the notice with Undo instead of
  // falling back to the page's start.
  const removalRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (removed) removalRef.current?.focus();
  }, [removed]);

  const status = setup.data;
  const undo = async () => {
    if (!removed?.changeId) return;
    setUndoing(true);
    try {
      await apiPost(`/api/admin/products/changes/${removed.changeId}/undo`);
      toast('Undone: the demo catalogue is back.', 'success');
      setRemoved(null);
    } catch (err) {
      toast(`Undo failed: ${reasonOf(err)}`, 'error');
    } finally {
      setUndoing(false);
      await invalidateCatalogue(queryClient);
    }
  };
  const remove = () =>
    removeDemo.mutate(undefined, {
      onSuccess: (result) => {
        setRemoved(result);
        toast(SETUP_TEXTS.demoRemoved(result.products), 'success');
      },
      onError: (err) => toast(withReason('Removing the demo catalogue failed', reasonOf(err)), 'error'),
      onSettled: () => setConfirming(false),
    });

  const disableUncoded = async () => {
    setDisablingAgents(true);
    try {
      const { disabled } = await disableUncodedAgents();
      toast(SETUP_TEXTS.disabledUncoded(disabled.length), 'success');
      setConfirmingAgents(false);
    } catch (err) {
      toast(withReason('Turning off the agents failed', reasonOf(err)), 'error');
    } finally {
      setDisablingAgents(false);
      await queryClient.invalidateQueries({ queryKey: setupKey });
    }
  };

  const lastRemoval = removed?.changeId ? (
    <div className="last-change setup-undo" role="status" tabIndex={-1} ref={removalRef}>
      <p>{SETUP_TEXTS.demoRemoved(removed.products)}</p>
      <button type="button" className="button button-ghost button-small" disabled={undoing} onClick={() => void undo()}>
        {undoing ? COMMON_TEXTS.undoing : COMMON_TEXTS.undo}
      </button>
    </div>
  ) : null;

  if (!status || status.pending.length === 0) return lastRemoval;
  if (status.dismissed) {
    return (
      <>
        {lastRemoval}
        <p className="setup-dismissed">
          Setup: {SETUP_TEXTS.remaining(status.pending.length)}.{' '}
          <button type="button" className="link-button" disabled={dismiss.isPending} onClick={() => dismiss.mutate(false)}>
            {SETUP_TEXTS.show}
          </button>
        </p>
      </>
    );
  }
  // Open items first, each with its text and fix; the done ones fold away behind one line (long on a phone otherwise).
  const done = SETUP_ITEMS.filter((item) => !status.pending.includes(item));
  const itemBody = (item: SetupItem) => (
    <>
      <p>{SETUP_ITEM_TEXTS[item].cost}</p>
      <p className="setup-fix">{SETUP_ITEM_TEXTS[item].fix}</p>
      <ItemControls
        item={item}
        status={status}
        save={saveReferralCode}
        onRemoveDemo={() => setConfirming(true)}
        onDisableUncoded={() => setConfirmingAgents(true)}
      />
    </>
  );
  return (
    <section className="setup-checklist" aria-labelledby={titleId}>
      <div className="setup-head">
        <h2 id={titleId}>
          {SETUP_TEXTS.title} <span className="setup-count">({SETUP_TEXTS.progress(done.length, SETUP_ITEMS.length)})</span>
        </h2>
        <button
          type="button"
          className="button button-ghost button-small"
          disabled={dismiss.isPending}
          onClick={() => dismiss.mutate(true)}
        >
          {SETUP_TEXTS.later}
        </button>
      </div>
      <p className="setup-lead">{SETUP_TEXTS.lead}</p>
      {lastRemoval}
      {/* One line per open item, at every width (issue 40: the list filled the first screen): its cost, fix and
          controls a tap away. */}
      <ul className="setup-items setup-lines">
        {status.pending.map((item) => (
          <li key={item} className="setup-item-folded" data-item={item}>
            <details className="setup-item">
              <summary>
                <h3>{SETUP_ITEM_TEXTS[item].title}</h3>
              </summary>
              {itemBody(item)}
            </details>
          </li>
        ))}
      </ul>
      {done.length > 0 && (
        <details className="setup-done">
          <summary>{SETUP_TEXTS.doneItems(done.length)}</summary>
          <ul className="setup-items">
            {done.map((item) => {
              const texts = SETUP_ITEM_TEXTS[item];
              return (
                <li key={item} className="setup-item is-done" data-item={item}>
                  <h3>
                    <span className="setup-done-mark" aria-hidden="true">
                      ✓
                    </span>
                    <span className="visually-hidden">{SETUP_TEXTS.doneMark}: </span>
                    <span className="setup-done-title">{texts.title}</span>
                  </h3>
                  <p>{texts.cost}</p>
                  <p className="setup-fix">{texts.fix}</p>
                </li>
              );
            })}
          </ul>
        </details>
      )}
      {confirming && (
        <ConfirmDialog
          title={SETUP_TEXTS.removeDemoQuestion(status.demo.products, status.demo.pictures)}
          confirmLabel="Remove"
          busyLabel={SETUP_TEXTS.removing}
          busy={removeDemo.isPending}
          onConfirm={remove}
          onCancel={() => setConfirming(false)}
        >
          <p>{SETUP_TEXTS.removeDemoBody}</p>
        </ConfirmDialog>
      )}
      {confirmingAgents && (
        <ConfirmDialog
          title={SETUP_TEXTS.disableUncodedTitle}
          confirmLabel={SETUP_TEXTS.disableUncodedConfirm}
          busyLabel={COMMON_TEXTS.saving}
          busy={disablingAgents}
          onConfirm={() => void disableUncoded()}
          onCancel={() => setConfirmingAgents(false)}
        >
          <p>
            {SETUP_TEXTS.disableUncodedBody(
              status.agentsWithoutReferral
                .filter((agent) => !agent.isDefault)
                .map((agent) => agent.name)
                .join(', '),
            )}
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
