import { Link } from '../../lib/router';
import { TEXTS } from '../../../common/texts/storefront';
import { ExternalLink } from '../../components/ui/external-link';
import { getSiteConfig } from '../../lib/site-config';
import { useToday } from '../../lib/use-today';

const QUICK_LINKS = [
  ['/', 'Home'],
  ['/products', 'Products'],
  ['/login', 'Login'],
  ['/register', 'Register'],
] as const;
const LEGAL_LINKS = [
  ['/privacy-policy', 'Privacy Policy'],
  ['/cookies-policy', 'Cookies Policy'],
  ['/data-security', 'Data Security'],
  ['/disclaimer', 'Disclaimer'],
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
          <h2 id="footer-community">Finder community</h2>
          <p>Join other shoppers to share finds, size advice and haul reviews, and be first to hear about new codes.</p>
          <ExternalLink
            href={communityUrl}
            className="button button-light"
            label={`${TEXTS.join} the community (opens in a new tab)`}
            promo="join"
          >
            {TEXTS.join}
          </ExternalLink>
        </section>
        <FooterLinks id="footer-quick" title="Quick links" links={QUICK_LINKS} />
        <FooterLinks id="footer-legal" title="Legal" links={LEGAL_LINKS} />
      </div>
      <p className="footer-copy">
        © {year} Finder. All rights reserved. Finder is not a seller: orders, payment and returns are handled by the linked store.
      </p>
    </footer>
  );
}
