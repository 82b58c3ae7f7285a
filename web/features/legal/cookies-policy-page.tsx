import { SHUFFLE_SEED_COOKIE } from '../../../common/constants';
import { COOKIES_TEXTS as T, LEGAL_TEXTS } from '../../../common/texts/legal';
import { LEGAL_TITLES } from '../../../common/texts/storefront-later';
import { richText } from '../../lib/rich-text';
import { ContactButtons } from './contact-buttons';
import { LegalPage, LegalSection } from './legal-page';

/** The cookies named here are all the site sets (issue 13): keep this list true when one is added. */
export default function CookiesPolicyPage() {
  return (
    <LegalPage page="cookies-policy" title={LEGAL_TITLES.cookiesPolicy}>
      <p>{T.intro}</p>
      <LegalSection id="cookies-what" title={T.whatTitle}>
        <p>{T.what}</p>
      </LegalSection>
      <LegalSection id="cookies-essential" title={T.essentialTitle}>
        <p>{T.essential}</p>
        <ul>
          <li>{richText(T.session, <code>finder.session_token</code>, <code>__Secure-</code>)}</li>
          <li>{richText(T.state, <code>finder.state</code>)}</li>
        </ul>
      </LegalSection>
      <LegalSection id="cookies-performance" title={T.performanceTitle}>
        <p>{T.performance}</p>
      </LegalSection>
      <LegalSection id="cookies-functional" title={T.functionalTitle}>
        <p>{richText(T.functional, <code>{SHUFFLE_SEED_COOKIE}</code>)}</p>
      </LegalSection>
      <LegalSection id="cookies-managing" title={T.managingTitle}>
        <p>{T.managing}</p>
      </LegalSection>
      <LegalSection id="cookies-third-party" title={T.thirdPartyTitle}>
        <p>{T.thirdParty}</p>
      </LegalSection>
      <LegalSection id="cookies-contact" title={LEGAL_TEXTS.contactTitle}>
        <p>{T.contact}</p>
        <ContactButtons />
      </LegalSection>
    </LegalPage>
  );
}
