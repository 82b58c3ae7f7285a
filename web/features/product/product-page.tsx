import { useEffect } from 'react';
import { useRecordView } from '../../lib/record-view';
import { Link, useNavigate, useParams } from '../../lib/router';
import { FRAME_TEXTS } from '../../../common/texts/frame';
import { PRODUCT_GENDER_LABELS, PRODUCT_TEXTS as T } from '../../../common/texts/product-page';
import { TEXTS } from '../../../common/texts/storefront';
import { thumbnailUrlFor } from '../../../common/media';
import { brandPath, categoryPath, parseProductRef } from '../../../common/product-urls';
import type { Product } from '../../../common/schemas/product';
import type { PriceHistory } from '../../../common/schemas/price-history';
import type { QcPhoto } from '../../../common/schemas/qc';
import { Price } from '../../components/price';
import { AgentPicker } from '../../components/agent-picker';
import { BestBadge, BuyLink } from '../../components/buy-link';
import { LaterProductGrid } from '../../components/later-product-grid';
import { LoadStatus } from '../../components/ui/load-status';
import { Spinner } from '../../components/ui/spinner';
import { useProductViewBeacon } from '../../lib/analytics';
import { usePageData } from '../../lib/page-data';
import { useCategoryLabel } from '../../lib/categories';
import { useBuiltPageMeta } from '../../lib/page-meta';
import { getSiteConfig } from '../../lib/site-config';
import { laterPart } from '../../lib/hydrate-later';
import { useProductView } from './api/get-product';
import './product.css';

// What the page shows below the product or as extras beside it hydrates once its code is in, which loads after the
// first view's (decision 0080): the server's markup is on screen meanwhile.
// The heart and Share beside BUY: their storage, clipboard and sharing code is not needed to show the page (issue 38).
// The placeholder of a product without a picture (issue 40): most products have one, so its code comes later.
const PicturePlaceholder = laterPart(() => import('../../components/picture-placeholder').then((m) => m.PicturePlaceholder));
const FavoriteButton = laterPart(() => import('../../components/favorite-button').then((m) => m.FavoriteButton));
const ShareButton = laterPart(() => import('./components/share-button').then((m) => m.ShareButton));
const PriceAlertToggle = laterPart(() => import('../../components/price-alert-toggle').then((m) => m.PriceAlertToggle));
const ChosenAgentPromo = laterPart(() => import('../../components/agent-promo').then((m) => m.ChosenAgentPromo));
const PriceHistoryChart = laterPart(() => import('./components/price-history-chart').then((m) => m.PriceHistoryChart));
const LinkReports = laterPart(() => import('./components/link-reports').then((m) => m.LinkReports));
const QcGallery = laterPart(() => import('./components/qc-gallery').then((m) => m.QcGallery));
const SameItemElsewhere = laterPart(() => import('./components/same-item').then((m) => m.SameItemElsewhere));
// The guides that feature the product, below the fold; with them the guides' addresses leave this page's first view
// (and with it the code a guide article shares with this page).
const ProductGuides = laterPart(() => import('./components/product-guides').then((m) => m.ProductGuides));

/** The other products of its group: the same seller item in other colours (issue 26). */
function OtherColours({ colours }: { colours: Product[] }) {
  return (
    <section className="related product-colours" aria-labelledby="colours-title">
      <h2 id="colours-title">{T.alsoInColours(colours.length)}</h2>
      <LaterProductGrid products={colours} labelledBy="colours-title" />
    </section>
  );
}

function Breadcrumbs({ product }: { product: Product }) {
  const categoryLabel = useCategoryLabel();
  return (
    <nav aria-label={T.breadcrumb} className="breadcrumbs">
      <ol>
        <li>
          <Link to="/">{FRAME_TEXTS.home}</Link>
        </li>
        {product.category?.trim() && (
          <li>
            <Link to={categoryPath(product.category)} dir="auto">
              {categoryLabel(product.category)}
            </Link>
          </li>
        )}
        <li>
          <span aria-current="page" dir="auto">
            {product.title}
          </span>
        </li>
      </ol>
    </nav>
  );
}

function ProductDetails({
  product,
  related,
  colours,
  sameItem,
  sameItemTotal,
  qcPhotos,
  priceHistory,
  loadingRelated,
}: {
  product: Product;
  related: Product[];
  colours: Product[] | undefined;
  sameItem: Product[] | undefined;
  sameItemTotal: number | undefined;
  qcPhotos: QcPhoto[] | undefined;
  priceHistory: PriceHistory | null | undefined;
  loadingRelated: boolean;
}) {
  useProductViewBeacon(product.id);
  const categoryLabel = useCategoryLabel();
  const origin = usePageData()?.origin;
  const url = `${origin ?? ''}${product.path}`;
  const large = thumbnailUrlFor(product.image, 640);
  const small = thumbnailUrlFor(product.image, 320);
  const srcSet = small && large ? `${small} 320w, ${large} 640w` : undefined;
  const facts = (
    [
      ['brand', T.brand, product.brand.trim()],
      ['category', T.category, product.category?.trim() ?? ''],
      ['gender', T.gender, product.gender ? (PRODUCT_GENDER_LABELS[product.gender] ?? product.gender) : ''],
    ] as const
  ).filter(([, , value]) => value);
  return (
    <>
      <Breadcrumbs product={product} />
      <article className="product" aria-labelledby="product-title">
        <div className="product-media">
          <BestBadge product={product} />
          {product.image ? (
            <img
              src={large ?? product.image}
              srcSet={srcSet}
              // Only beside a srcset (HTML allows sizes on no other image): a picture on another site has one size.
              sizes={srcSet && '(max-width: 768px) 100vw, 540px'}
              alt={product.title}
              width={640}
              height={640}
              fetchPriority="high"
            />
          ) : (
            <PicturePlaceholder brand={product.brand} category={product.category} />
          )}
        </div>
        <div className="product-info">
          <h1 id="product-title" dir="auto">
            {product.title}
          </h1>
          <p className="product-price">
            <Price value={product.price} />
          </p>
          {product.mayBeUnavailable && (
            <p className="product-unavailable" role="note">
              <strong>{TEXTS.mayBeUnavailable}.</strong> {TEXTS.mayBeUnavailableHint}
            </p>
          )}
          {facts.length > 0 && (
            <dl className="product-facts">
              {facts.map(([key, term, value]) => (
                <div key={key}>
                  <dt>{term}</dt>
                  <dd dir="auto">
                    {key === 'category' ? (
                      <Link to={categoryPath(value)}>{categoryLabel(value)}</Link>
                    ) : key === 'brand' && product.brandSlug ? (
                      <Link to={brandPath(product.brandSlug)}>{value}</Link>
                    ) : (
                      value
                    )}
                  </dd>
                </div>
              ))}
            </dl>
          )}
          {product.description.trim() && (
            <p className="product-description" dir="auto">
              {product.description}
            </p>
          )}
          <div className="product-actions">
            <BuyLink product={product} className="product-buy" source="page" />
            <AgentPicker className="product-agent" visibleLabel />
            <FavoriteButton product={product} variant="page" />
            <ShareButton url={url} title={product.title} />
          </div>
          <PriceAlertToggle productId={product.id} />
          {priceHistory && <PriceHistoryChart history={priceHistory} />}
          <ChosenAgentPromo className="product-promo" />
          <LinkReports product={product} />
          <p className="product-note">{T.note}</p>
        </div>
      </article>
      <QcGallery title={product.title} photos={qcPhotos} count={product.qcCount} />
      {colours && colours.length > 0 && <OtherColours colours={colours} />}
      {sameItem && <SameItemElsewhere products={sameItem} total={sameItemTotal ?? sameItem.length} />}
      <ProductGuides number={product.number} />
      <section className="related" aria-labelledby="related-title">
        <h2 id="related-title">{T.moreLikeThis}</h2>
        {loadingRelated ? (
          <Spinner label={T.loadingRelated} size="small" />
        ) : (
          <LaterProductGrid products={related} labelledBy="related-title" />
        )}
      </section>
    </>
  );
}

function MissingProduct({ gone, category, similar }: { gone: boolean; category: string | null; similar: Product[] }) {
  const categoryLabel = useCategoryLabel();
  return (
    <section className="product-missing" aria-labelledby="missing-title">
      <h1 id="missing-title">{gone ? T.removedTitle : T.missingTitle}</h1>
      <p>{gone ? T.removedText : T.missingText}</p>
      <p className="missing-actions">
        <Link to="/" className="button button-primary">
          {T.browseFinder}
        </Link>
        {category?.trim() && (
          <Link to={categoryPath(category)} className="button button-ghost">
            {T.moreIn(categoryLabel(category))}
          </Link>
        )}
      </p>
      {similar.length > 0 && (
        <section className="related" aria-labelledby="similar-title">
          <h2 id="similar-title">{gone ? T.similar : T.youMightLike}</h2>
          <LaterProductGrid products={similar} labelledBy="similar-title" />
        </section>
      )}
    </section>
  );
}

/** A product's own page (/products/<slug>-<number>): rendered on the server, shared as a link. */
export default function ProductPage() {
  const { ref = '' } = useParams();
  // 0 is no product's number: an address without one is a missing product, with products to offer.
  const number = parseProductRef(ref)?.number ?? 0;
  const query = useProductView(number);
  const view = query.data;
  const navigate = useNavigate();
  const categoryLabel = useCategoryLabel();

  const found = view?.status === 'found' ? view.product : null;
  // While the page loads, the document keeps the previous page's title and links.
  useBuiltPageMeta(
    view
      ? (m) =>
          found
            ? m.productMeta(found, getSiteConfig().baseCurrency, found.category && categoryLabel(found.category))
            : m.missingProductMeta(view.status === 'gone')
      : null,
  );

  // Recently viewed (issue 42): the page opened, once its product is known.
  useRecordView(found && !query.isPlaceholderData ? found.id : null);

  // An old or mistyped slug: the address is corrected without a new history entry (the server answers it 301).
  const canonicalRef = found?.path.slice(found.path.lastIndexOf('/') + 1);
  useEffect(() => {
    if (found && canonicalRef && !query.isPlaceholderData && canonicalRef !== ref) void navigate(found.path, { replace: true });
  }, [found, canonicalRef, ref, navigate, query.isPlaceholderData]);

  if (!view) {
    return (
      <LoadStatus
        loading
        loadingLabel={T.loading}
        failure={query.isError && T.loadFailed}
        onRetry={() => void query.refetch()}
        retryLabel={TEXTS.retry}
      />
    );
  }
  if (view.status === 'found') {
    return (
      <ProductDetails
        product={view.product}
        related={view.related}
        colours={view.colours}
        sameItem={view.sameItem}
        sameItemTotal={view.sameItemTotal}
        qcPhotos={view.qcPhotos}
        priceHistory={view.priceHistory}
        loadingRelated={query.isPlaceholderData}
      />
    );
  }
  return <MissingProduct gone={view.status === 'gone'} category={view.status === 'gone' ? view.category : null} similar={view.similar} />;
}
