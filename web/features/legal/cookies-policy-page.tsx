import { ContactButtons } from './contact-buttons';
import { LegalPage, LegalSection } from './legal-page';

export default function CookiesPolicyPage() {
  return (
    <LegalPage page="cookies-policy" title="Cookies Policy">
      <p>This policy explains how Finder uses cookies and similar storage in your browser, and how you can control them.</p>
      <LegalSection id="cookies-what" title="What cookies are">
        <p>
          Cookies are small text files a website stores in your browser. They let the site remember things between
          pages and visits, such as whether you are signed in. Similar technologies, such as your browser's session
          storage, work the same way and are covered by this policy too.
        </p>
      </LegalSection>
      <LegalSection id="cookies-essential" title="Essential cookies">
        <p>
          These keep Finder working: they keep you signed in, protect forms against forgery and remember the order
          in which the catalogue is shown to you during a visit. The site cannot work properly without them, so
          they cannot be switched off in our settings.
        </p>
      </LegalSection>
      <LegalSection id="cookies-performance" title="Performance cookies">
        <p>
          These tell us how the site is used, for example which pages load slowly or which searches find nothing,
          so we can improve it. The information is counted in aggregate and not used to identify you.
        </p>
      </LegalSection>
      <LegalSection id="cookies-functional" title="Functional cookies">
        <p>
          These remember choices you make, such as your filters or the size of the page you browse on, so you do not
          have to set them again on your next visit.
        </p>
      </LegalSection>
      <LegalSection id="cookies-managing" title="Managing cookies in your browser">
        <p>
          Every major browser lets you see, block and delete cookies in its settings (usually under Privacy or Site
          data). Blocking essential cookies will sign you out and may stop parts of Finder from working; blocking the
          others only means the site remembers less about your visit.
        </p>
      </LegalSection>
      <LegalSection id="cookies-third-party" title="Third-party analytics cookies">
        <p>
          If we use an analytics service to measure visits, it may set its own cookies under its own privacy
          policy. We configure such services to anonymise IP addresses and not to share data for advertising. The
          stores you click through to set their own cookies on their own sites; this policy does not cover them.
        </p>
      </LegalSection>
      <LegalSection id="cookies-contact" title="Contact us">
        <p>Questions about cookies? Send us a message on our community channel or by email:</p>
        <ContactButtons />
      </LegalSection>
    </LegalPage>
  );
}
