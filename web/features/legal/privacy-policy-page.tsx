import { PRIVACY_TEXTS as T, LEGAL_TEXTS } from '../../../common/texts/legal';
import { LEGAL_TITLES } from '../../../common/texts/storefront-later';
import { Link } from '../../lib/router';
import { richText } from '../../lib/rich-text';
import { ContactButtons } from './contact-buttons';
import { LegalPage, LegalSection } from './legal-page';

/**
 * Every sentence here describes what the site really does (issue 13): the cookies and tables named in
 * the Cookies Policy, the retention the server enforces, deletion from the account page.
 */
export default function PrivacyPolicyPage() {
  return (
    <LegalPage page="privacy-policy" title={LEGAL_TITLES.privacyPolicy}>
      <p>{T.intro}</p>
      <LegalSection id="privacy-collect" title={T.collectTitle}>
        <ul>
          <li>{richText(T.email, <strong>{T.emailTerm}</strong>)}</li>
          <li>{richText(T.usage, <strong>{T.usageTerm}</strong>)}</li>
          <li>{richText(T.device, <strong>{T.deviceTerm}</strong>)}</li>
        </ul>
        <p>{T.noPayment}</p>
      </LegalSection>
      <LegalSection id="privacy-selling" title={T.sellingTitle}>
        <p>{T.selling}</p>
      </LegalSection>
      <LegalSection id="privacy-rights" title={T.rightsTitle}>
        <p>{richText(T.rights, <Link to="/account">{T.accountPage}</Link>)}</p>
        <ul>
          {Object.entries(T.rightsList).map(([key, text]) => (
            <li key={key}>{text}</li>
          ))}
        </ul>
        <p>{T.answerWithin}</p>
      </LegalSection>
      <LegalSection id="privacy-retention" title={T.retentionTitle}>
        <ul>
          {Object.entries(T.retentionList).map(([key, text]) => (
            <li key={key}>{text}</li>
          ))}
        </ul>
      </LegalSection>
      <LegalSection id="privacy-children" title={T.childrenTitle}>
        <p>{T.children}</p>
      </LegalSection>
      <LegalSection id="privacy-transfers" title={T.transfersTitle}>
        <p>{T.transfers}</p>
      </LegalSection>
      <LegalSection id="privacy-updates" title={T.updatesTitle}>
        <p>{T.updates}</p>
      </LegalSection>
      <LegalSection id="privacy-contact" title={LEGAL_TEXTS.contactTitle}>
        <p>{T.contact}</p>
        <ContactButtons />
      </LegalSection>
    </LegalPage>
  );
}
