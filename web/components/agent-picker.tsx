import { useId } from 'react';
import { AGENT_PICKER_TEXTS } from '../../common/texts/storefront';
import { useChosenAgent } from '../lib/agents';
import { setPreference } from '../lib/preferences';
import './agent-picker.css';

/**
 * The visitor's shopping agent: BUY opens the chosen one's link (remembered in this browser and on the account).
 * Shown when there is a choice to make (two agents or more). `visibleLabel` writes "Buy through" beside it (the
 * product page); the top bar's label is for screen readers only, but for the phone's menu, where it is written.
 */
export function AgentPicker({ className, visibleLabel = false }: { className?: string; visibleLabel?: boolean }) {
  const id = useId();
  const { agents, agent } = useChosenAgent();
  if (agents.length < 2 || !agent) return null;
  return (
    <span className={className ? `agent-picker ${className}` : 'agent-picker'}>
      <label htmlFor={id} className={visibleLabel ? undefined : 'agent-picker-label'}>
        {visibleLabel ? AGENT_PICKER_TEXTS.buyThrough : AGENT_PICKER_TEXTS.label}
      </label>
      <select
        id={id}
        className="picker-select"
        value={agent.slug}
        title={AGENT_PICKER_TEXTS.label}
        onChange={(e) => setPreference('agent', e.target.value)}
      >
        {agents.map((a) => (
          <option key={a.slug} value={a.slug}>
            {a.name}
          </option>
        ))}
      </select>
    </span>
  );
}
