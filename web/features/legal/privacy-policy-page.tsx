import { ContactButtons } from './contact-buttons';
import { LegalPage, LegalSection } from './legal-page';

export default function PrivacyPolicyPage() {
  return (
    <LegalPage page="privacy-policy" title="Privacy Policy">
      <p>
        Finder is a catalogue that helps you find fashion items and links you to an external store to buy them. This
        policy explains what we collect when you use Finder, why, and the choices you have.
      </p>
      <LegalSection id="privacy-collect" title="What we collect">
        <ul>
          <li>
            <strong>Email address</strong>: when you create an account, so you can sign in and we can reach you about
            your account.
          </li>
          <li>
            <strong>Usage data</strong>: which pages you open, the filters and searches you use and which products you
            click through to, so we can see what works and improve the catalogue.
          </li>
          <li>
            <strong>Device information</strong>: browser type, operating system, screen size and language, so pages
            display properly and we can fix problems on particular devices.
          </li>
        </ul>
        <p>We do not collect payment details: orders, payment and delivery happen on the linked store's own site.</p>
      </LegalSection>
      <LegalSection id="privacy-selling" title="We do not sell your data">
        <p>
          We never sell, rent or trade your personal data. We share it only with the services that run Finder for us
          (hosting, database and storage), under contracts that let them use it for that purpose alone.
        </p>
      </LegalSection>
      <LegalSection id="privacy-rights" title="Your rights">
        <p>You can ask us at any time to:</p>
        <ul>
          <li>give you access to the personal data we hold about you;</li>
          <li>correct data that is wrong or incomplete;</li>
          <li>delete your data and your account;</li>
          <li>send you your data in a portable, machine-readable form;</li>
          <li>opt out of emails other than those about your account;</li>
          <li>stop using your data for a purpose you object to.</li>
        </ul>
        <p>We answer every request within 30 days.</p>
      </LegalSection>
      <LegalSection id="privacy-retention" title="How long we keep data">
        <p>
          Usage data is kept for up to 2 years and then deleted or made anonymous. Account data is kept while your
          account exists and deleted when you close it.
        </p>
      </LegalSection>
      <LegalSection id="privacy-children" title="Children">
        <p>
          Finder is not meant for children under 13, and we do not knowingly collect their data. If you believe a
          child under 13 has given us personal data, contact us and we will delete it.
        </p>
      </LegalSection>
      <LegalSection id="privacy-transfers" title="International transfers">
        <p>
          The services that run Finder may store or process data in countries other than yours. Where they do, we
          rely on safeguards such as standard contractual clauses so your data keeps the same protection.
        </p>
      </LegalSection>
      <LegalSection id="privacy-updates" title="Changes to this policy">
        <p>
          When we change this policy we post the new version on this page and change the 'Last updated' date above.
          If a change is significant, we also email account holders before it takes effect.
        </p>
      </LegalSection>
      <LegalSection id="privacy-contact" title="Contact us">
        <p>Questions about your privacy, or a request about your data? Reach us here:</p>
        <ContactButtons />
      </LegalSection>
    </LegalPage>
  );
}
