import { Link } from 'react-router';
import { TEXTS } from '../../../common/constants';
import { ExternalLink } from '../../components/ui/external-link';
import { getSiteConfig } from '../../lib/site-config';

export function SiteFooter() {
  const { communityUrl } = getSiteConfig();
  return (
    <footer className="footer">
      <div className="footer-inner">
        <section aria-labelledby="footer-community">
          <h2 id="footer-community">Finder community</h2>
          <p>
            Join other shoppers to share finds, size advice and haul reviews, and be first to hear about new codes.
          </p>
          <ExternalLink href={communityUrl} className="button button-light" label={`${TEXTS.join} the community (opens in a new tab)`}>
            {TEXTS.join}
          </ExternalLink>
        </section>
        <nav aria-labelledby="footer-quick">
          <h2 id="footer-quick">Quick links</h2>
          <ul>
            <li>
              <Link to="/">Home</Link>
            </li>
            <li>
              <Link to="/products">Products</Link>
            </li>
            <li>
              <Link to="/login">Login</Link>
            </li>
            <li>
              <Link to="/register">Register</Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal">Legal</h2>
          <ul>
            <li>
              <Link to="/privacy-policy">Privacy Policy</Link>
            </li>
            <li>
              <Link to="/cookies-policy">Cookies Policy</Link>
            </li>
            <li>
              <Link to="/data-security">Data Security</Link>
            </li>
            <li>
              <Link to="/disclaimer">Disclaimer</Link>
            </li>
          </ul>
        </nav>
      </div>
      <p className="footer-copy">
        © {new Date().getFullYear()} Finder. All rights reserved. Finder is not a seller: orders, payment and returns are handled by the linked store.
      </p>
    </footer>
  );
}
