import { getSiteConfig } from '../../lib/site-config';
import { ContactButtons } from './contact-buttons';
import { LegalPage, LegalSection } from './legal-page';

/** Says only what is true of this installation (issue 13): encryption in transit only when served over HTTPS. */
export default function DataSecurityPage() {
  const { https } = getSiteConfig();
  return (
    <LegalPage page="data-security" title="Data Security">
      <LegalSection id="security-commitment" title="Our commitment">
        <p>
          Finder holds as little personal data as it can, and protects what it holds. This page explains how, and what you can do to keep
          your account safe.
        </p>
      </LegalSection>
      <LegalSection id="security-encryption" title="Encryption">
        {https ? (
          <p>
            Every connection to Finder uses HTTPS (TLS), so what you send and receive cannot be read or changed on the way, and your sign-in
            cookie is only ever sent over an encrypted connection.
          </p>
        ) : (
          <p>
            This copy of Finder is not set up with an https:// address, so connections to it are not encrypted on the way: someone on the
            same network could read what you send. Use a password here that you use nowhere else.
          </p>
        )}
        <p>
          Passwords are never stored: we keep only a salted hash made with a slow, modern algorithm (scrypt), so even we cannot read them.
          The keys Google gives us when you sign in with it are stored encrypted.
        </p>
      </LegalSection>
      <LegalSection id="security-backend" title="Managed backend">
        <p>
          Finder keeps its data in a PostgreSQL database and its images on the server's disk or in S3-compatible storage. Every database
          query is built so that what you type is never run as code.
        </p>
      </LegalSection>
      <LegalSection id="security-access" title="Access control">
        <p>
          Only administrators can change the catalogue, and only developers can run bulk maintenance. These roles are checked by our server
          on every request, not just hidden in the page. Every change an administrator makes to products, categories, images and roles is
          recorded with who made it and when.
        </p>
      </LegalSection>
      <LegalSection id="security-monitoring" title="Monitoring">
        <p>
          Failed sign-ins are counted per account and per address. After a few of them, further attempts are refused for a while that grows
          with each failure, however many addresses the guesses come from. Errors are logged without passwords, session tokens or cookies.
        </p>
      </LegalSection>
      <LegalSection id="security-storage" title="Storage and backup">
        <p>
          Data is stored only in the database and storage described above, in access-controlled systems. Backups are made by the site's
          operator. When you delete your account, it is removed from the live database at once and disappears from backups as they are
          replaced.
        </p>
      </LegalSection>
      <LegalSection id="security-practices" title="What you can do">
        <ul>
          <li>Use a strong password that you do not use on any other site; a password manager helps.</li>
          <li>Sign out when you use a shared or public device.</li>
          <li>Be wary of phishing: we will never ask for your password by email or message, and our links always lead to this site.</li>
          <li>Keep your browser and operating system up to date.</li>
        </ul>
      </LegalSection>
      <LegalSection id="security-incidents" title="Incident response">
        <p>
          If a security incident affects your data, we act at once to contain it, investigate the cause, tell the people affected and the
          authorities where the law requires, and fix what allowed it to happen.
        </p>
      </LegalSection>
      <LegalSection id="security-reporting" title="Reporting a security issue">
        <p>
          Found a vulnerability or something that looks wrong? Please tell us privately before sharing it, and we will reply quickly and
          keep you informed while we fix it.
        </p>
        <ContactButtons />
      </LegalSection>
    </LegalPage>
  );
}
