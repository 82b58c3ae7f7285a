import { useEffect, useId, useRef, useState } from 'react';
import { AGENT_PICKER_TEXTS } from '../../common/texts/storefront';
import { CURRENCY_TEXTS } from '../../common/texts/currency';
import { useChosenAgent } from '../lib/agents';
import { AgentPicker } from './agent-picker';
import { CurrencyPicker, useCurrencyChoice } from './currency-picker';
import './buying-preferences.css';

/**
 * The top bar's agent and currency (issue 28): one compact button ("CNFans · USD") that opens a small panel with both
 * pickers, so a signed-in admin's bar stays one row. The button has a fixed width: the server renders the default
 * agent and the base currency, the browser then the visitor's choice, and nothing beside it moves. Opening moves the
 * focus to the first picker; Escape closes and gives the focus back, as does a press or focus anywhere else. In the
 * phone's menu there is room: the button is not shown and the pickers are (CSS).
 */
export function BuyingPreferences() {
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const { agents, agent } = useChosenAgent();
  const currency = useCurrencyChoice();

  useEffect(() => {
    if (!open) return;
    root.current?.querySelector<HTMLElement>('.prefs-panel select')?.focus();
    const closeOutside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  const chosenAgent = agents.length >= 2 ? agent : null;
  const hasCurrency = currency.options.length > 0;
  if (!chosenAgent && !hasCurrency) return null;
  const title = chosenAgent && hasCurrency ? AGENT_PICKER_TEXTS.both : chosenAgent ? AGENT_PICKER_TEXTS.label : CURRENCY_TEXTS.pickerLabel;

  return (
    <div
      className="prefs"
      ref={root}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        event.stopPropagation();
        setOpen(false);
        toggle.current?.focus();
      }}
      onBlur={(event) => {
        // Tabbing out closes it; a press outside is handled above (a press on the panel's padding moves no focus).
        if (open && event.relatedTarget && !root.current?.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <button
        ref={toggle}
        type="button"
        className="prefs-toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
        onPointerEnter={currency.want}
        aria-label={`${title}: ${[chosenAgent?.name, hasCurrency ? currency.value : null].filter(Boolean).join(', ')}`}
      >
        {chosenAgent && <span className="prefs-agent">{chosenAgent.name}</span>}
        {chosenAgent && hasCurrency && <span>·</span>}
        {hasCurrency && <span>{currency.value}</span>}
        <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
          <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      <div id={panelId} className="prefs-panel" data-open={open} role="group" aria-label={title}>
        <AgentPicker />
        <CurrencyPicker showLabel />
      </div>
    </div>
  );
}
