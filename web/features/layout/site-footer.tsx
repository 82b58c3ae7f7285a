import { Link } from '../../lib/router';
import { FRAME_TEXTS } from '../../../common/texts/frame';
import { AUTH_TEXTS, LANGUAGE_TEXTS, LAYOUT_TEXTS, LEGAL_TITLES, LATER_TEXTS } from '../../../common/texts/storefront-later';
import { LanguageSwitcher } from './language-switcher';
import { ExternalLink } from '../../components/ui/external-link';
import { getSiteConfig } from '../../lib/site-config';
import { useToday } from '../../lib/use-today';

// Functions: a link's words are read when the footer renders, in the page's language.
const QUICK_LINKS = () =>
  [
    ['/', FRAME_TEXTS.home],
    ['/products', LAYOUT_TEXTS.products],
    ['/login', AUTH_TEXTS.login],
    ['/register', AUTH_TEXTS.register],
  ] as const;
const LEGAL_LINKS = () =>
  [
    ['/privacy-policy', LEGAL_TITLES.privacyPolicy],
    ['/cookies-policy', LEGAL_TITLES.cookiesPolicy],
    ['/data-security', LEGAL_TITLES.dataSecurity],
    ['/disclaimer', LEGAL_TITLES.disclaimer],
  ] as const;

function FooterLinks({ id, title, links }: { id: string; title: string; links: ReadonlyArray<readonly [string, string]> }) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul>
        {links.map(([to, label]) => (
          <li key={to}>
            <Link to={to}>{label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function SiteFooter() {
  const { communityUrl } = getSiteConfig();
  const year = useToday().slice(0, 4);
  return (
    <footer className="footer">
      <div className="footer-inner">
        <section aria-labelledby="footer-community">
          <h2 id="footer-community">{LAYOUT_TEXTS.communityTitle}</h2>
          <p>{LAYOUT_TEXTS.communityText}</p>
          <ExternalLink href={communityUrl} className="button button-light" label={LAYOUT_TEXTS.joinCommunity} promo="join">
            {LATER_TEXTS.join}
          </ExternalLink>
        </section>
        <FooterLinks id="footer-quick" title={LAYOUT_TEXTS.quickLinks} links={QUICK_LINKS()} />
        <FooterLinks id="footer-legal" title={LAYOUT_TEXTS.legal} links={LEGAL_LINKS()} />
        <section aria-labelledby="footer-language">
          <h2 id="footer-language">{LANGUAGE_TEXTS.label}</h2>
          <LanguageSwitcher className="language-switcher-footer" />
        </section>
      </div>
      <p className="footer-copy">{LAYOUT_TEXTS.copyright(year)}</p>
    </footer>
  );
}
