import { DISCOUNT_PERCENT, REFERRAL_EXTRA_PERCENT } from '../../../../common/constants';
import { LAYOUT_TEXTS, PROMO_TEXTS, LATER_TEXTS } from '../../../../common/texts/storefront-later';
import { richText } from '../../../lib/rich-text';
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
          {richText((code) => PROMO_TEXTS.offWithCode(DISCOUNT_PERCENT, code), <code className="promo-code">{discountCode}</code>)}
        </h2>
        <p>{PROMO_TEXTS.extra(REFERRAL_EXTRA_PERCENT)}</p>
      </div>
      <div className="promo-actions">
        {discountCode && (
          <button type="button" className="button button-ghost promo-copy" onClick={() => void copy()}>
            {copied === 'copied' ? PROMO_TEXTS.copied : PROMO_TEXTS.copyCode}
          </button>
        )}
        <ExternalLink href={communityUrl} className="button button-light" label={LAYOUT_TEXTS.joinCommunity} promo="join">
          {LATER_TEXTS.join}
        </ExternalLink>
        <ExternalLink
          href={referralUrl}
          className="button button-light"
          label={PROMO_TEXTS.signUpExtra(REFERRAL_EXTRA_PERCENT)}
          promo="signup"
        >
          {LATER_TEXTS.signUp}
        </ExternalLink>
        <span className="visually-hidden" role="status">
          {copied === 'copied' ? PROMO_TEXTS.codeCopied(discountCode) : copied === 'failed' ? PROMO_TEXTS.copyFailed : ''}
        </span>
      </div>
      <ChosenAgentPromo />
    </section>
  );
}
