import { DISCOUNT_PERCENT, REFERRAL_EXTRA_PERCENT } from '../../../../common/constants';
import { TEXTS } from '../../../../common/texts/storefront';
import { ChosenAgentPromo } from '../../../components/agent-promo';
import { ExternalLink } from '../../../components/ui/external-link';
import { sendAnalytics } from '../../../lib/analytics';
import { getSiteConfig } from '../../../lib/site-config';
import { useCopyState } from '../../../lib/use-copy-state';

export function PromoBanner() {
  const { discountCode, communityUrl, referralUrl } = getSiteConfig();
  const [copied, setCopied] = useCopyState();
  const copy = async () => {
    sendAnalytics({ kind: 'promo', source: 'copy-code' });
    try {
      await navigator.clipboard.writeText(discountCode);
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <section className="promo" aria-labelledby="promo-title">
      <div className="promo-text">
        <h2 id="promo-title" className="promo-title">
          {DISCOUNT_PERCENT}% off with code <code className="promo-code">{discountCode}</code>
        </h2>
        <p>Sign up through our link for an extra {REFERRAL_EXTRA_PERCENT}% off, and join the community for new finds.</p>
      </div>
      <div className="promo-actions">
        {discountCode && (
          <button type="button" className="button button-ghost promo-copy" onClick={() => void copy()}>
            {copied === 'copied' ? 'Copied' : 'Copy code'}
          </button>
        )}
        <ExternalLink
          href={communityUrl}
          className="button button-light"
          label={`${TEXTS.join} the community (opens in a new tab)`}
          promo="join"
        >
          {TEXTS.join}
        </ExternalLink>
        <ExternalLink
          href={referralUrl}
          className="button button-light"
          label={`${TEXTS.signUp} at the store for an extra ${REFERRAL_EXTRA_PERCENT}% off (opens in a new tab)`}
          promo="signup"
        >
          {TEXTS.signUp}
        </ExternalLink>
        <span className="visually-hidden" role="status">
          {copied === 'copied' ? `Code ${discountCode} copied` : copied === 'failed' ? 'Could not copy the code' : ''}
        </span>
      </div>
      <ChosenAgentPromo />
    </section>
  );
}
