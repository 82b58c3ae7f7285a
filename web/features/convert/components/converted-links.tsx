import type { MouseEvent } from 'react';
import { CONVERT_TEXTS } from '../../../../common/texts/convert';
import type { ConvertedLink, ConvertResult } from '../../../../common/schemas/convert';
import { AgentPromo } from '../../../components/agent-promo';
import { ProductCard } from '../../../components/product-card';
import { sendAnalytics } from '../../../lib/analytics';
import { copyText } from '../../../lib/clipboard';
import { useCopyState } from '../../../lib/use-copy-state';

/** The agents' sites: a new tab, no referrer or opener, marked as a paid link. */
const OUTBOUND_REL = 'noopener noreferrer sponsored';

function AgentRow({
  link,
  first,
  chosen,
  source,
}: {
  link: ConvertedLink;
  first: boolean;
  chosen: boolean;
  source: ConvertResult['source'];
}) {
  const [copied, setCopied] = useCopyState();
  const report = () => sendAnalytics({ kind: 'convert-click', agent: link.agent, platform: source.platform, itemId: source.itemId });
  const copy = async () => {
    try {
      await copyText(link.url);
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  };
  const badge = first && chosen ? CONVERT_TEXTS.yourAgent : link.isDefault ? CONVERT_TEXTS.defaultAgent : null;
  return (
    <li className={first ? 'convert-link convert-link-first' : 'convert-link'}>
      <div className="convert-link-head">
        <h3 className="convert-link-name">
          {link.name}
          {badge && <span className="convert-badge">{badge}</span>}
        </h3>
        <div className="convert-link-actions">
          <a
            className={first ? 'button button-primary' : 'button button-ghost'}
            href={link.url}
            target="_blank"
            rel={OUTBOUND_REL}
            aria-label={CONVERT_TEXTS.openLabel(link.name)}
            data-agent={link.agent}
            onClick={report}
            onAuxClick={(event: MouseEvent) => event.button === 1 && report()}
          >
            {CONVERT_TEXTS.open(link.name)}
          </a>
          <button type="button" className="button button-ghost" onClick={() => void copy()}>
            {copied === 'copied' ? CONVERT_TEXTS.copied : CONVERT_TEXTS.copy}
          </button>
          <span className="visually-hidden" role="status">
            {copied === 'copied' ? CONVERT_TEXTS.copiedStatus(link.name) : copied === 'failed' ? CONVERT_TEXTS.copyFailed : ''}
          </span>
        </div>
      </div>
      <p className="convert-link-url">
        <code>{link.url}</code>
      </p>
      {link.promo && <AgentPromo agent={{ slug: link.agent, name: link.name, promo: link.promo }} />}
    </li>
  );
}

/** What a conversion gave: the item's source, its card when we have it, and every agent's link. */
export function ConvertedLinks({ result, chosen }: { result: ConvertResult; chosen: boolean }) {
  const { source } = result;
  return (
    <div className="convert-result">
      <section className="convert-source" aria-labelledby="convert-source-title">
        <h2 id="convert-source-title">{CONVERT_TEXTS.source}</h2>
        <p className="convert-source-line">
          <strong>{source.name}</strong> · <span className="convert-item-id">{source.itemId}</span>{' '}
          <a href={source.url} target="_blank" rel="noopener noreferrer">
            {CONVERT_TEXTS.marketplaceLink(source.name)}
          </a>
        </p>
        {result.followed && <p className="field-hint convert-followed">{CONVERT_TEXTS.followed(result.followed)}</p>}
      </section>
      {result.product && (
        <section className="convert-product" aria-labelledby="convert-product-title">
          <h2 id="convert-product-title">{CONVERT_TEXTS.inCatalogue}</h2>
          <ul className="grid">
            <ProductCard product={result.product} fadeIn={null} eager />
          </ul>
        </section>
      )}
      <section aria-labelledby="convert-agents-title">
        <h2 id="convert-agents-title">{CONVERT_TEXTS.agentsHeading}</h2>
        {result.links.length === 0 ? (
          <p>{CONVERT_TEXTS.noAgents}</p>
        ) : (
          <ol className="convert-links">
            {result.links.map((link, i) => (
              <AgentRow key={link.agent} link={link} first={i === 0} chosen={chosen} source={source} />
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
