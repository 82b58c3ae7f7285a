import { Link } from '../../lib/router';
import { ContactButtons } from './contact-buttons';
import { LegalPage, LegalSection } from './legal-page';

/**
 * Every sentence here describes what the site really does (issue 13): the cookies and tables named in
 * the Cookies Policy, the retention the server enforces, deletion from the account page.
 */
export default function PrivacyPolicyPage() {
  return (
    <LegalPage page="privacy-policy" title="Privacy Policy">
      <p>
        Finder is a catalogue that helps you find fashion items and links you to an external store to buy them. This policy explains what
        Finder keeps when you use it, why, for how long, and the choices you have.
      </p>
      <LegalSection id="privacy-collect" title="What we collect">
        <ul>
          <li>
            <strong>Email address</strong>: when you create an account, so you can sign in and, if you ask for it, receive a link to reset
            your password. You may also give a display name. If you sign in with Google, we keep the name and profile photo address Google
            shares with us. Your password itself is never stored, only a salted hash of it.
          </li>
          <li>
            <strong>Usage data</strong>: how often the catalogue is viewed and which products are clicked through to the store, with the
            product's category and the time. These counts carry no account, address or other identifier, so they cannot be linked to you. We
            do not record your searches or filters.
          </li>
          <li>
            <strong>Device information</strong>: when you sign in, your session keeps the IP address and the browser's user-agent string
            (browser and operating system) it was opened from, to spot misuse. Failed sign-ins are counted per account and per address to
            slow down password guessing. The server's logs record requests (address, page and time) to troubleshoot problems; they never
            contain passwords, session tokens or cookies.
          </li>
        </ul>
        <p>We do not collect payment details: orders, payment and delivery happen on the linked store's own site.</p>
      </LegalSection>
      <LegalSection id="privacy-selling" title="We do not sell your data">
        <p>
          We never sell, rent or trade your personal data, and Finder has no advertising or third-party tracking. Your data reaches others
          only where needed to run the site: the hosting and storage that keep Finder running, the email service that delivers
          password-reset mail, and Google, if you choose to sign in with it. Some product pictures load from the store's or image host's own
          servers, which then see your IP address, as any website you visit does.
        </p>
      </LegalSection>
      <LegalSection id="privacy-rights" title="Your rights">
        <p>
          You can change your display name, email address and password, sign out of every device, and delete your account yourself on your{' '}
          <Link to="/account">account page</Link>. You can also ask us at any time to:
        </p>
        <ul>
          <li>give you access to the personal data we hold about you;</li>
          <li>correct data that is wrong or incomplete;</li>
          <li>delete your data and your account;</li>
          <li>send you your data in a portable, machine-readable form;</li>
          <li>stop sending you email: we send only the password-reset messages you ask for, never newsletters;</li>
          <li>stop using your data for a purpose you object to.</li>
        </ul>
        <p>We answer every request within 30 days.</p>
      </LegalSection>
      <LegalSection id="privacy-retention" title="How long we keep data">
        <ul>
          <li>Usage data is kept for up to 2 years and then deleted.</li>
          <li>
            Account data is kept while your account exists. When you delete your account, your account, its sessions and its sign-in methods
            are deleted at once. If you were an administrator, the record of changes you made to the catalogue stays, with your email
            replaced by "deleted account".
          </li>
          <li>A session ends when you sign out, or 30 days after you last used it.</li>
          <li>A password-reset link, or a link that confirms a new email address, works once, for one hour.</li>
          <li>Counts of failed sign-ins, and of requests from one address, are deleted a day after the last one.</li>
        </ul>
      </LegalSection>
      <LegalSection id="privacy-children" title="Children">
        <p>
          Finder is not meant for children under 13, and we do not knowingly collect their data. If you believe a child under 13 has given
          us personal data, contact us and we will delete it.
        </p>
      </LegalSection>
      <LegalSection id="privacy-transfers" title="International transfers">
        <p>
          Finder's data stays with the hosting and storage its operator runs it on, which may be in a country other than yours; where it is,
          we rely on safeguards such as standard contractual clauses so your data keeps the same protection. If you sign in with Google,
          Google handles that sign-in under its own privacy policy.
        </p>
      </LegalSection>
      <LegalSection id="privacy-updates" title="Changes to this policy">
        <p>
          When we change this policy we post the new version on this page and change the 'Last updated' date above. If a change is
          significant, we also email account holders before it takes effect.
        </p>
      </LegalSection>
      <LegalSection id="privacy-contact" title="Contact us">
        <p>Questions about your privacy, or a request about your data? Reach us here:</p>
        <ContactButtons />
      </LegalSection>
    </LegalPage>
  );
}
