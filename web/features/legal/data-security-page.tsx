import { ContactButtons } from './contact-buttons';
import { LegalPage, LegalSection } from './legal-page';

export default function DataSecurityPage() {
  return (
    <LegalPage page="data-security" title="Data Security">
      <LegalSection id="security-commitment" title="Our commitment">
        <p>
          Finder holds as little personal data as it can, and protects what it holds. This page explains how, and
          what you can do to keep your account safe.
        </p>
      </LegalSection>
      <LegalSection id="security-encryption" title="Encryption">
        <p>
          Every connection to Finder uses HTTPS (TLS), so what you send and receive cannot be read or changed on the
          way. Passwords are never stored: we keep only a salted hash made with a slow, modern algorithm, so even we
          cannot read them.
        </p>
      </LegalSection>
      <LegalSection id="security-backend" title="Managed backend">
        <p>
          Finder runs on a managed database and file storage operated by established providers, who keep their
          systems patched, physically secure and independently audited.
        </p>
      </LegalSection>
      <LegalSection id="security-access" title="Access control">
        <p>
          Only administrators can change the catalogue, and only developers can run bulk maintenance. These roles
          are checked by our server on every request, not just hidden in the page, and staff access is limited to
          what each person needs.
        </p>
      </LegalSection>
      <LegalSection id="security-monitoring" title="Monitoring">
        <p>
          We log errors and unusual activity, such as repeated failed sign-ins, limit how fast sign-in attempts can
          be made, and review alerts promptly.
        </p>
      </LegalSection>
      <LegalSection id="security-storage" title="Storage and backup">
        <p>
          Data is stored in access-controlled systems and backed up regularly, so it can be restored after a
          failure. Backups are protected as carefully as the live data and deleted on a fixed schedule.
        </p>
      </LegalSection>
      <LegalSection id="security-practices" title="What you can do">
        <ul>
          <li>Use a strong password that you do not use on any other site; a password manager helps.</li>
          <li>Sign out when you use a shared or public device.</li>
          <li>
            Be wary of phishing: we will never ask for your password by email or message, and our links always lead to
            this site.
          </li>
          <li>Keep your browser and operating system up to date.</li>
        </ul>
      </LegalSection>
      <LegalSection id="security-incidents" title="Incident response">
        <p>
          If a security incident affects your data, we act at once to contain it, investigate the cause, tell the
          people affected and the authorities where the law requires, and fix what allowed it to happen.
        </p>
      </LegalSection>
      <LegalSection id="security-reporting" title="Reporting a security issue">
        <p>
          Found a vulnerability or something that looks wrong? Please tell us privately before sharing it, and we
          will reply quickly and keep you informed while we fix it.
        </p>
        <ContactButtons />
      </LegalSection>
    </LegalPage>
  );
}
