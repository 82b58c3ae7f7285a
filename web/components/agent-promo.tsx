import { useCallback, useSyncExternalStore } from 'react';
import { AGENT_PROMO_TEXTS } from '../../common/texts/storefront-later';
import type { PublicAgent } from '../../common/schemas/agent';
import { useChosenAgent } from '../lib/agents';
import { sendAnalytics } from '../lib/analytics';
import { copyText } from '../lib/clipboard';
import { useCopyState } from '../lib/use-copy-state';
import './agent-promo.css';

/** setTimeout's longest wait; a promotion ending later is checked again then. */
const LONGEST_TIMER_MS = 2_147_483_647;

/**
 * Whether a promotion the server sent as running still runs: true while rendering on the server and hydrating (the
 * server decided at its answer), false from its end on, by a timer, so a page left open drops it by itself.
 */
function useStillRunning(endsAt: string): boolean {
  const end = Date.parse(endsAt);
  const subscribe = useCallback(
    (notify: () => void) => {
      if (Number.isNaN(end)) return () => undefined;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const wait = () => {
        const left = end - Date.now();
        timer = setTimeout(left <= 0 ? notify : wait, Math.max(0, Math.min(left, LONGEST_TIMER_MS)));
      };
      wait();
      return () => clearTimeout(timer);
    },
    [end],
  );
  return useSyncExternalStore(
    subscribe,
    () => Number.isNaN(end) || Date.now() < end,
    () => true,
  );
}

/** Counts a promotion's link without holding the click up (a middle click opens it too). */
function linkHandlers(agent: string) {
  const report = () => sendAnalytics({ kind: 'agent-promo', agent, source: 'link' });
  return { onClick: report, onAuxClick: (event: { button: number }) => event.button === 1 && report() };
}

/** An agent's running promotion: its text, its code with Copy code, its link; nothing once it has ended. */
export function AgentPromo({ agent, className }: { agent: Pick<PublicAgent, 'slug' | 'name' | 'promo'>; className?: string }) {
  const promo = agent.promo;
  const running = useStillRunning(promo?.endsAt ?? '');
  const [copied, setCopied] = useCopyState();
  if (!promo || !running) return null;
  const copy = async () => {
    if (!promo.code) return;
    sendAnalytics({ kind: 'agent-promo', agent: agent.slug, source: 'copy-code' });
    try {
      await copyText(promo.code);
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <div className={className ? `agent-promo ${className}` : 'agent-promo'} role="group" aria-label={AGENT_PROMO_TEXTS.label(agent.name)}>
      <p className="agent-promo-text">
        <strong>{agent.name}:</strong> {promo.text}
        {promo.code && (
          <>
            {' '}
            <span className="visually-hidden">{AGENT_PROMO_TEXTS.code}</span> <code className="agent-promo-code">{promo.code}</code>
          </>
        )}
      </p>
      <span className="agent-promo-actions">
        {promo.code && (
          <button type="button" className="button button-ghost agent-promo-copy" onClick={() => void copy()}>
            {copied === 'copied' ? AGENT_PROMO_TEXTS.copied : AGENT_PROMO_TEXTS.copy}
          </button>
        )}
        {promo.link && (
          <a
            className="button button-ghost agent-promo-link"
            href={promo.link}
            target="_blank"
            rel="noopener noreferrer sponsored"
            aria-label={AGENT_PROMO_TEXTS.openLabel(agent.name)}
            {...linkHandlers(agent.slug)}
          >
            {AGENT_PROMO_TEXTS.open}
          </a>
        )}
        <span className="visually-hidden" role="status">
          {copied === 'copied' && promo.code
            ? AGENT_PROMO_TEXTS.copiedStatus(promo.code)
            : copied === 'failed'
              ? AGENT_PROMO_TEXTS.copyFailed
              : ''}
        </span>
      </span>
    </div>
  );
}

/** The promotion of the visitor's agent (else the default's), when it has one running. */
export function ChosenAgentPromo({ className }: { className?: string }) {
  const { agent } = useChosenAgent();
  if (!agent?.promo) return null;
  return <AgentPromo agent={agent} {...(className ? { className } : {})} />;
}
