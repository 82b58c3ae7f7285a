import { Link, useParams } from '../../lib/router';
import { TEXTS } from '../../../common/texts/storefront';
import { FINDER_LATER_TEXTS } from '../../../common/texts/storefront-later';
import { LoadStatus } from '../../components/ui/load-status';
import { useBuiltPageMeta } from '../../lib/page-meta';
import { useBrand } from './api/get-brand';
import FinderPage from './finder-page';

/**
 * /brands/<slug>: the finder with the brand fixed, under its name; a brand no product has says so (404). Its own
 * small chunk: the finder it shows is in the first bundle.
 */
export default function BrandPage() {
  const { slug = '' } = useParams();
  const key = slug.toLowerCase();
  const brand = useBrand(key);
  useBuiltPageMeta(brand.data === null ? (m) => m.missingBrandMeta : null);

  if (brand.data === null) {
    return (
      <section className="brand-missing" aria-labelledby="brand-missing-title">
        <h1 id="brand-missing-title">{FINDER_LATER_TEXTS.brandMissingTitle}</h1>
        <p>{FINDER_LATER_TEXTS.brandMissingText}</p>
        <p>
          <Link to="/" className="button button-primary">
            {FINDER_LATER_TEXTS.browseFinder}
          </Link>
        </p>
      </section>
    );
  }
  if (!brand.data) {
    return (
      <LoadStatus
        loading={brand.isPending}
        loadingText={FINDER_LATER_TEXTS.loadingBrand}
        loadingLabel=""
        failure={brand.isError && TEXTS.initialLoadFailed}
        onRetry={() => void brand.refetch()}
        retryLabel={TEXTS.retry}
      />
    );
  }
  // A page of its own per brand: moving to another brand starts its filters afresh.
  return <FinderPage key={brand.data.slug} brand={brand.data} />;
}
