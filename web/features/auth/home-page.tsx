import { skipToken, useQuery } from '@tanstack/react-query';
import { Link } from '../../lib/router';
import { TEXTS } from '../../../common/texts/storefront';
import { AUTH_TEXTS } from '../../../common/texts/storefront-later';
import { FAVORITES_ON_HOME, FAVORITES_PATH } from '../../../common/favorites';
import { FAVORITES_PAGE_TEXTS as FAV } from '../../../common/texts/favorites';
import { HOME_TEXTS as T } from '../../../common/texts/account';
import { richText } from '../../lib/rich-text';
import type { Me } from '../../../common/schemas/user';
import { SETUP_ITEMS } from '../../../common/setup';
import { staticPageMeta } from '../../../common/static-page-meta';
import { ProductCard } from '../../components/product-card';
import { RecentlyViewed } from '../../components/recently-viewed';
import { SavedSearches } from '../../components/saved-searches';
import { SignedInOnly } from '../../components/signed-in-only';
import { LoadStatus } from '../../components/ui/load-status';
import { useSetup } from '../../lib/admin/setup-status';
import { favoritesMergeKey, useBrowserFavorites, useMyFavorites, type FavoritesMergeOutcome } from '../../lib/favorites';
import { usePageMeta } from '../../lib/page-meta';
import './auth.css';

function describeMethods(providers: readonly string[]): string {
  const names = providers.map((p) => (p === 'credential' ? T.emailAndPassword : p === 'google' ? T.google : p));
  return names.length > 0 ? names.reduce((all, name) => T.methodsOr(all, name)) : T.yourAccount;
}

/**
 * The landing page after sign-in (spec section 2): the greeting with the display name or email; since issue 28 also
 * what became of this browser's favourites, the account's newest ones and, for an admin, the site's setup.
 */
export default function HomePage() {
  usePageMeta(staticPageMeta('home'));
  return (
    <SignedInOnly>
      {(user) => (
        <div className="home-page">
          <HomeCard user={user} />
          <RecentFavorites userId={user.id} />
          <SavedSearches />
          <RecentlyViewed variant="cards" />
        </div>
      )}
    </SignedInOnly>
  );
}

/** What merging this browser's favourites into the account did, as the server answered it (lib/favorites-merge.ts). */
function useMergeOutcome(userId: string): FavoritesMergeOutcome | undefined {
  return useQuery<FavoritesMergeOutcome>({ queryKey: favoritesMergeKey(userId), queryFn: skipToken }).data;
}

/** True while this browser's favourites are on their way to the account (the layout's useFavoritesSync sends them). */
function useMerging(userId: string): number {
  const waiting = useBrowserFavorites().length;
  return useMergeOutcome(userId) ? 0 : waiting;
}

/** A live region from the start, so the merge's end is read out when it comes. */
function MergeNotice({ userId }: { userId: string }) {
  const outcome = useMergeOutcome(userId);
  const merging = useMerging(userId);
  const lines: { text: string; tone: 'success' | 'error' | 'info' }[] = [];
  if (outcome && 'failed' in outcome) lines.push({ text: FAV.mergeFailed, tone: 'error' });
  else if (outcome) {
    if (outcome.added > 0) lines.push({ text: FAV.savedToAccount(outcome.added), tone: 'success' });
    if (outcome.skipped > 0) lines.push({ text: FAV.mergeSkipped(outcome.skipped), tone: 'info' });
  } else if (merging > 0) lines.push({ text: FAV.merging(merging), tone: 'info' });
  return (
    <div className="home-merge" role="status">
      {lines.map((line) => (
        <p key={line.text} className={`home-note home-note-${line.tone}`}>
          {line.text}
        </p>
      ))}
    </div>
  );
}

/** The admin's line about the setup checklist: how far it is, and the way to the rest. */
function SetupSummary() {
  const setup = useSetup();
  if (setup.isPending)
    return (
      <p className="home-setup" aria-hidden="true">
        &nbsp;
      </p>
    );
  if (setup.isError) {
    return (
      <p className="home-setup">
        {T.setupLoadFailed} <Link to="/admin">{T.setupFinish}</Link>
      </p>
    );
  }
  const pending = setup.data.pending.length;
  if (pending === 0) return <p className="home-setup home-setup-done">{T.setupComplete}</p>;
  return (
    <p className="home-setup">
      {T.setupProgress(SETUP_ITEMS.length - pending, SETUP_ITEMS.length)}
      {' — '}
      <Link to="/admin">{T.setupFinish}</Link>
    </p>
  );
}

function HomeCard({ user }: { user: Me }) {
  return (
    <section className="panel-card home-card" aria-labelledby="home-title">
      {user.image?.startsWith('https://') && (
        <img className="home-avatar" src={user.image} alt="" width={72} height={72} referrerPolicy="no-referrer" />
      )}
      <h1 id="home-title">{T.welcome(user.name || user.email)}</h1>
      <p className="auth-lead">
        {richText((email) => T.signedInAs(email, describeMethods(user.providers)), <strong>{user.email}</strong>)}
      </p>
      {user.isAdmin && (
        <p className="home-admin" role="note">
          {AUTH_TEXTS.adminPrivileges}
        </p>
      )}
      <MergeNotice userId={user.id} />
      {user.isAdmin && <SetupSummary />}
      <div className="home-actions">
        <Link to="/products" className="button button-primary">
          {T.browseProducts}
        </Link>
        <Link to="/account" className="button button-ghost">
          {T.accountLink}
        </Link>
        {user.isAdmin && (
          <Link to="/admin" className="button button-ghost">
            {T.openAdmin}
          </Link>
        )}
      </div>
    </section>
  );
}

/** The account's newest favourites as cards (picture, title, price, BUY), or the way to the finder when there are none. */
function RecentFavorites({ userId }: { userId: string }) {
  const query = useMyFavorites(true);
  const merging = useMerging(userId) > 0;
  const items = query.data?.items ?? [];
  let body;
  if (!query.data || (merging && items.length === 0)) {
    body = (
      <LoadStatus
        loading={query.isPending || merging}
        loadingText={FAV.loading}
        loadingLabel=""
        failure={query.isError && FAV.loadFailed}
        onRetry={() => void query.refetch()}
        retryLabel={TEXTS.retry}
      />
    );
  } else if (items.length === 0) {
    body = (
      <div className="home-favorites-empty">
        <p>
          <strong>{FAV.emptyTitle}.</strong> {FAV.emptyHint}
        </p>
        <Link to="/products" className="button button-primary">
          {FAV.browse}
        </Link>
      </div>
    );
  } else {
    body = (
      <ul className="grid" aria-labelledby="home-favorites-title">
        {items.slice(0, FAVORITES_ON_HOME).map(({ product }) => (
          <ProductCard key={product.id} product={product} fadeIn={null} eager={false} />
        ))}
      </ul>
    );
  }
  return (
    <section className="home-favorites" aria-labelledby="home-favorites-title">
      <div className="home-favorites-head">
        <h2 id="home-favorites-title">{FAV.recentTitle}</h2>
        {items.length > 0 && <Link to={FAVORITES_PATH}>{FAV.seeAll(items.length)}</Link>}
      </div>
      {body}
    </section>
  );
}
