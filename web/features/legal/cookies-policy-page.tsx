import { SHUFFLE_SEED_COOKIE } from '../../../common/constants';
import { ContactButtons } from './contact-buttons';
import { LegalPage, LegalSection } from './legal-page';

/** The cookies named here are all the site sets (issue 13): keep this list true when one is added. */
export default function CookiesPolicyPage() {
  return (
    <LegalPage page="cookies-policy" title="Cookies Policy">
      <p>
        This policy lists every cookie Finder sets in your browser, what each is for and how long it stays, and how you can control them.
      </p>
      <LegalSection id="cookies-what" title="What cookies are">
        <p>
          Cookies are small text files a website stores in your browser. They let the site remember things between pages and visits, such as
          whether you are signed in.
        </p>
      </LegalSection>
      <LegalSection id="cookies-essential" title="Essential cookies">
        <p>These are set only when you sign in, and the site cannot sign you in without them:</p>
        <ul>
          <li>
            <code>finder.session_token</code> keeps you signed in. Page scripts cannot read it. It lasts 30 days from your last visit and is
            removed when you sign out. On an https:// site its name starts with <code>__Secure-</code>, and the browser sends it only over
            an encrypted connection.
          </li>
          <li>
            <code>finder.state</code> exists for at most 5 minutes while you sign in with Google, so that nobody else can complete that
            sign-in for you.
          </li>
        </ul>
      </LegalSection>
      <LegalSection id="cookies-performance" title="Performance cookies">
        <p>
          Finder sets no performance cookies. We count catalogue views and clicks through to the store without any cookie or identifier, so
          those counts cannot be linked to you.
        </p>
      </LegalSection>
      <LegalSection id="cookies-functional" title="Functional cookies">
        <p>
          <code>{SHUFFLE_SEED_COOKIE}</code> holds one random number: the order in which the catalogue is shown to you, so products do not
          jump around while you scroll, reload or come back from a product page. It is deleted when you close your browser. Your filters and
          searches are kept in the page's address, not in a cookie.
        </p>
      </LegalSection>
      <LegalSection id="cookies-managing" title="Managing cookies in your browser">
        <p>
          Every major browser lets you see, block and delete cookies in its settings (usually under Privacy or Site data). Blocking the
          essential cookies stops you from signing in. Blocking the functional one only means the catalogue is shuffled again on each page
          load.
        </p>
      </LegalSection>
      <LegalSection id="cookies-third-party" title="Third-party analytics cookies">
        <p>
          Finder uses no third-party analytics or advertising services, so no other company sets cookies through Finder's pages. If you
          choose to sign in with Google, Google sets its own cookies on its own site. The stores you click through to set their own cookies
          on their own sites. This policy does not cover either.
        </p>
      </LegalSection>
      <LegalSection id="cookies-contact" title="Contact us">
        <p>Questions about cookies? Send us a message on our community channel or by email:</p>
        <ContactButtons />
      </LegalSection>
    </LegalPage>
  );
}
