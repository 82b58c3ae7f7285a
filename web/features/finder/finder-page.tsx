import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from '../../lib/router';
import {
  ALL,
  FINDER_PAGE_SIZE_DESKTOP,
  FINDER_PAGE_SIZE_PHONE,
  FINDER_PHONE_MAX_WIDTH_PX,
  SCROLL_BACK_DELAY_MS,
  SCROLL_BACK_PX,
  SENTINEL_ROOT_MARGIN,
  SENTINEL_THRESHOLD,
  type FinderGender,
} from '../../../common/constants';
import { FINDER_TEXTS, FINDER_SPEC_TEXTS } from '../../../common/texts/finder';
import { TEXTS } from '../../../common/texts/storefront';
import { LoadStatus } from '../../components/ui/load-status';
import { Spinner } from '../../components/ui/spinner';
import { sendAnalytics } from '../../lib/analytics';
import { useCategories, useCategoryLabel } from '../../lib/categories';
import { categoriesQueryKey } from '../../lib/query-keys';
import { useProducts } from './api/get-products';
import { GenderFilter } from './components/gender-filter';
import { LaterProductGrid } from '../../components/later-product-grid';
import { emptyState, hasFilters, paramsFromFilters, summaryText, type FinderFilters } from '../../../common/finder-filters';
import { brandPath, PRODUCTS_PATH } from '../../../common/product-urls';
import type { BrandSummary } from '../../../common/schemas/search';
import { useFacets } from './api/get-facets';
import { SortSelect } from './components/sort-select';
import { allCategoriesFilters, categoryCounts, clearedFilters, genderCounts } from './finder-controls';
import type { SuggestionOption } from './suggestion-options';
import { useBuiltPageMeta } from '../../lib/page-meta';
import { getSiteConfig } from '../../lib/site-config';
import { useShuffleSeed } from './hooks/use-shuffle-seed';
import { useFinderFilters } from './hooks/use-finder-filters';
import { laterPart } from '../../lib/hydrate-later';
import './finder.css';

// Parts of the finder that hydrate once their code is in, which loads after the first view's (decision 0080): the
// server's markup is on screen meanwhile, links work, and a press on one of them before then does what the markup
// alone does.
const PromoBanner = laterPart(() => import('./components/promo-banner').then((m) => m.PromoBanner));
const MoreFilterFields = laterPart(() => import('./components/more-filter-fields').then((m) => m.MoreFilterFields));
const CategoryChips = laterPart(() => import('./components/category-chips').then((m) => m.CategoryChips));
// Recently viewed (issue 42): browser storage or the account, so nothing the server renders; its code comes later.
const RecentlyViewedStrip = laterPart(() => import('../../components/recently-viewed').then((m) => m.RecentlyViewed));
const NewSinceLastVisit = laterPart(() => import('../../components/new-since').then((m) => m.NewSinceLastVisit));
// Save search (issue 42): depends on the session, so nothing the server renders; its code comes later.
const SaveSearch = laterPart(() => import('./components/save-search').then((m) => m.SaveSearch));
// Search by photo (issue 42): its panel's code and words load when a visitor presses the camera button.
const PhotoSearch = lazy(() => import('./components/photo-search').then((m) => ({ default: m.PhotoSearch })));
// The search box (a combobox whose suggestions load with its first focus): the server's input is on screen and
// typed into meanwhile; a key pressed in it hydrates it first (hydrate-later.tsx).
const SearchBox = laterPart(() => import('./components/search-box').then((m) => m.SearchBox));
// The active filters' chips (issue 28): their rules and words load after the first view.
const ActiveFilters = laterPart(() => import('./components/active-filters').then((m) => m.ActiveFilters));
const EmptyRescue = laterPart(() => import('./components/empty-rescue').then((m) => m.EmptyRescue));

/** Spec section 9: 4 items a page on phones, 6 elsewhere; read at each fetch, so a resize never restarts the list. */
function currentPageSize(): number {
  return window.matchMedia(`(max-width: ${FINDER_PHONE_MAX_WIDTH_PX}px)`).matches ? FINDER_PAGE_SIZE_PHONE : FINDER_PAGE_SIZE_DESKTOP;
}

type Props = {
  /** A brand's page: the finder with this brand fixed, under the brand's name. */
  brand?: BrandSummary | undefined;
};

export default function FinderPage({ brand }: Props = {}) {
  const navigate = useNavigate();
  const { codec, urlFilters, filters, setFilters, writeUrl, currentKey, queryKey, setQueryKeyNow, queryFilters } = useFinderFilters(
    brand?.slug,
  );

  const seed = useShuffleSeed();
  const queryClient = useQueryClient();
  const products = useProducts(queryFilters, seed, currentPageSize);
  const facets = useFacets(queryFilters);
  const categories = useCategories();
  const [retried, setRetried] = useState(false);
  if (retried && products.isSuccess && !products.isPlaceholderData) setRetried(false);
  // While a new filter loads, the previous results stay on screen: the summary describes what is shown.
  const [shownKey, setShownKey] = useState(queryKey);
  if (products.isSuccess && !products.isPlaceholderData && shownKey !== queryKey) setShownKey(queryKey);
  const shownFilters = useMemo(() => codec.read(new URLSearchParams(shownKey)), [codec, shownKey]);
  // What the page says of the filters names the category in the page's language (issue 41); the address keeps its name.
  const categoryLabel = useCategoryLabel();
  const shownWords = useMemo(() => ({ ...shownFilters, category: categoryLabel(shownFilters.category) }), [shownFilters, categoryLabel]);

  const urlCategory = categories.data?.find((c) => c.name.toLowerCase() === urlFilters.category.toLowerCase()) ?? null;
  const brandNames = useMemo(() => new Map(facets.data?.brands.map((b) => [b.slug, b.name])), [facets.data]);
  const { baseCurrency } = getSiteConfig();
  useBuiltPageMeta((m) => (brand ? m.brandMeta(brand) : m.finderMeta(urlFilters, urlCategory, brandNames, baseCurrency)));
  // The finder as a returning visitor lands on it (no words, no filters, not a brand's page): recently viewed shows.
  const plainView = !brand && !hasFilters(urlFilters) && !urlFilters.search;

  // One page view per visit to the finder, not per filter change (decision 0018); the ref keeps React's
  // development double run of effects from sending two.
  const viewSent = useRef(false);
  useEffect(() => {
    if (viewSent.current) return;
    viewSent.current = true;
    sendAnalytics({ kind: 'view' });
  }, []);

  const update = useCallback(
    (change: Partial<FinderFilters>, options: { replace?: boolean } = {}) => {
      const next = { ...filters, ...change };
      if (change.gender === 'Women') next.category = ALL;
      setFilters(next);
      writeUrl(next, options.replace ?? false);
    },
    [filters, setFilters, writeUrl],
  );

  // A way out that lets go of a brand's fixed brand leads to the finder itself.
  const leave = useCallback(
    (next: FinderFilters) => {
      if (!brand) {
        update(next);
        return;
      }
      const query = paramsFromFilters(next).toString();
      void navigate(query ? `${PRODUCTS_PATH}?${query}` : PRODUCTS_PATH);
    },
    [brand, update, navigate],
  );

  // The later parts' handlers keep their identity while what they do stays the same: a part rendered again with the
  // same props is left alone (hydrate-later.tsx).
  // Like typing in the search box: the URL and the server follow after the debounce.
  const onPriceChange = useCallback(
    (minPrice: number | null, maxPrice: number | null) => setFilters((f) => ({ ...f, minPrice, maxPrice })),
    [setFilters],
  );
  const onBrandsChange = useCallback((brands: string[]) => update({ brands }), [update]);
  const onCategory = useCallback((category: string) => update({ category }), [update]);
  const onSearch = useCallback((search: string) => update({ search }), [update]);
  const onAllCategories = useCallback(() => leave(allCategoriesFilters(filters)), [leave, filters]);
  const onClear = useCallback(() => leave(clearedFilters(filters)), [leave, filters]);
  // On a brand's page its brand stays: Clear all takes away what the visitor added.
  const onClearChips = useCallback(
    () => update({ ...clearedFilters(filters), brands: brand ? filters.brands : [] }),
    [update, filters, brand],
  );

  const onPick = useCallback(
    (option: SuggestionOption) => {
      if (option.kind === 'product' || option.kind === 'guide') void navigate(option.path);
      else if (option.kind === 'brand') void navigate(brandPath(option.slug));
      // The category's products, not the typed text's: chips are hidden for Women, so Women becomes All.
      else update({ category: option.name, search: '', gender: filters.gender === 'Women' ? ALL : filters.gender });
    },
    [navigate, update, filters.gender],
  );
  const onSearchInput = useCallback((search: string) => setFilters((f) => ({ ...f, search, allWords: false })), [setFilters]);

  const onBestChange = (best: boolean) => {
    update({ best });
    void queryClient.invalidateQueries({ queryKey: categoriesQueryKey });
  };

  const retry = () => {
    setRetried(true);
    void queryClient.invalidateQueries({ queryKey: categoriesQueryKey });
    if (filters.search) {
      update({ search: '' }, { replace: true });
      setQueryKeyNow(codec.write({ ...filters, search: '' }).toString());
    } else {
      void products.refetch();
      if (facets.isError) void facets.refetch();
    }
  };

  const items = useMemo(() => products.data?.pages.flatMap((p) => p.items) ?? [], [products.data]);
  // Cards the page opened with (rendered by the server, or kept from an earlier visit) are on screen already and
  // do not fade in again; cards that arrive later do.
  const [openedWith] = useState(() => new Set(items.map((p) => p.id)));
  const fade = useMemo(() => {
    const pageStarts: number[] = [];
    let n = 0;
    for (const page of products.data?.pages ?? []) {
      pageStarts.push(n);
      n += page.items.length;
    }
    return { openedWith, pageStarts };
  }, [products.data, openedWith]);

  const { hasNextPage, isFetchingNextPage, isFetching, fetchNextPage } = products;
  const hasData = products.data !== undefined;
  // An error with pages on screen is a failed load-more: the pages stay and Retry asks for the next one again.
  const loadMoreFailed = products.isError && hasData;
  const sentinelRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = sentinelRef.current;
    if (!node || !hasNextPage || isFetching || loadMoreFailed) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        void fetchNextPage().then((result) => {
          if (result.isError) return;
          // Spec section 4: after appending, scroll back up so the sentinel leaves the viewport.
          setTimeout(() => window.scrollBy({ top: -SCROLL_BACK_PX, behavior: 'instant' }), SCROLL_BACK_DELAY_MS);
        });
      },
      { threshold: SENTINEL_THRESHOLD, rootMargin: SENTINEL_ROOT_MARGIN },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetching, loadMoreFailed, fetchNextPage]);

  const debouncing = queryKey !== currentKey;
  const searching = Boolean(filters.search.trim()) && (debouncing || (isFetching && !isFetchingNextPage));
  const initialLoading = products.isPending;
  const failed = products.isError && !hasData;
  const categoryNames = useMemo(() => categories.data?.map((c) => c.name) ?? [], [categories.data]);
  const chipCounts = useMemo(() => categoryCounts(facets.data), [facets.data]);
  const empty = emptyState(shownWords);
  const firstPage = products.data?.pages[0];
  const [moreOpen, setMoreOpen] = useState(false);
  const [photoOpen, setPhotoOpen] = useState(false);
  // While the photo's answer is shown, the finder's own list steps aside (it comes back with the panel closed).
  const [photoShown, setPhotoShown] = useState(false);
  const closePhoto = useCallback(() => {
    setPhotoOpen(false);
    document.querySelector<HTMLButtonElement>('.photo-button')?.focus();
  }, []);
  const onPhoto = useCallback(() => (photoOpen ? closePhoto() : setPhotoOpen(true)), [photoOpen, closePhoto]);
  // What the phone's Filters button hides: the price range and the chosen brands.
  const moreCount = (filters.minPrice !== null || filters.maxPrice !== null ? 1 : 0) + (brand ? 0 : filters.brands.length);

  return (
    <div className="finder">
      {/* The search sits beside the heading, so the first row of products fits the first screen (issue 28). */}
      <header className="finder-header">
        <div className="finder-heading">
          <h1>{brand ? brand.name : FINDER_SPEC_TEXTS.finderTitle}</h1>
          {brand && <p className="brand-lead">{FINDER_TEXTS.brandProducts(brand.count)}</p>}
        </div>
        <SearchBox
          value={filters.search}
          searching={searching}
          onChange={onSearchInput}
          onPick={onPick}
          photoOpen={photoOpen}
          onPhoto={onPhoto}
        />
      </header>
      {photoOpen && (
        <Suspense fallback={<Spinner label={FINDER_TEXTS.searchByPhoto} size="small" />}>
          <PhotoSearch onClose={closePhoto} onShown={setPhotoShown} />
        </Suspense>
      )}
      <PromoBanner />

      <section className="filters" aria-label={FINDER_TEXTS.filters}>
        <div className="filters-row">
          <GenderFilter value={filters.gender} onChange={(gender: FinderGender) => update({ gender })} counts={genderCounts(facets.data)} />
          <label className="switch">
            <input type="checkbox" role="switch" checked={filters.best} onChange={(e) => onBestChange(e.target.checked)} />
            <span className="switch-track" aria-hidden="true" />
            <span>{TEXTS.bestProducts}</span>
          </label>
          <div className="toolbar">
            <SortSelect value={filters.sort} onChange={(sort) => update({ sort })} />
            <button
              type="button"
              className="filter-button filters-toggle"
              aria-expanded={moreOpen}
              aria-controls="more-filters"
              onClick={() => setMoreOpen((v) => !v)}
            >
              {FINDER_TEXTS.filters}
              {moreCount > 0 && <span className="filter-button-count"> ({moreCount})</span>}
            </button>
            <div id="more-filters" className={moreOpen ? 'more-filters more-filters-open' : 'more-filters'}>
              <MoreFilterFields
                minPrice={filters.minPrice}
                maxPrice={filters.maxPrice}
                bounds={facets.data?.price}
                onPriceChange={onPriceChange}
                brands={brand ? null : facets.data?.brands}
                chosen={filters.brands}
                onBrandsChange={onBrandsChange}
              />
            </div>
          </div>
        </div>
        {filters.gender !== 'Women' && categoryNames.length > 0 && (
          <CategoryChips
            names={categoryNames}
            labelOf={categoryLabel}
            selected={filters.category}
            onSelect={onCategory}
            counts={chipCounts}
          />
        )}
      </section>

      {plainView && (
        <>
          <NewSinceLastVisit onShow={(since) => update({ since })} />
          <RecentlyViewedStrip variant="strip" />
        </>
      )}

      <section className="results" aria-label={FINDER_TEXTS.products} aria-busy={isFetching} hidden={photoOpen && photoShown}>
        <ActiveFilters
          filters={urlFilters}
          categoryLabel={categoryLabel}
          brandNames={brandNames}
          currency={baseCurrency}
          fixedBrand={brand?.slug}
          onChange={update}
          onClearAll={onClearChips}
        />
        <LoadStatus loading={initialLoading} loadingText={FINDER_SPEC_TEXTS.loadingStore} />
        <LoadStatus
          loading={false}
          failure={failed && (retried ? FINDER_SPEC_TEXTS.retryFailed : TEXTS.initialLoadFailed)}
          onRetry={retry}
          retryLabel={TEXTS.retry}
        />

        {hasData && (
          <>
            {/* The count, and Save search beside it: its slot is in the server's page too, so the cards never move
                when it appears (a line of its own on a phone, reserved). */}
            <div className="summary-row">
              <p className="summary" aria-live="polite">
                {summaryText(
                  shownWords,
                  items.length,
                  Boolean(hasNextPage),
                  firstPage?.total ?? (facets.isPlaceholderData ? null : facets.data?.total),
                )}
              </p>
              <div className="save-search-slot">
                <SaveSearch filters={urlFilters} categoryLabel={categoryLabel(urlFilters.category)} />
              </div>
            </div>
            {firstPage?.correction && <p className="correction">{FINDER_SPEC_TEXTS.includingResultsFor(firstPage.correction)}</p>}
            {firstPage?.partial && (
              <p className="correction partial-answer">
                {FINDER_SPEC_TEXTS.partialAnswer(firstPage.partial.used.join(' '), firstPage.total ?? items.length)}{' '}
                <button type="button" className="link-button" onClick={() => update({ allWords: true })}>
                  {FINDER_SPEC_TEXTS.searchAllWords}
                </button>
              </p>
            )}
            {items.length === 0 ? (
              <div className="status status-empty">
                <h2>{empty.title}</h2>
                <p>{empty.hint}</p>
                <EmptyRescue
                  rescue={firstPage?.rescue}
                  search={shownFilters.search}
                  onSearch={onSearch}
                  onAllCategories={onAllCategories}
                  onClear={onClear}
                />
              </div>
            ) : (
              <LaterProductGrid products={items} fade={fade} eager={FINDER_PAGE_SIZE_DESKTOP} priority={2} />
            )}
            <div ref={sentinelRef} className="sentinel" aria-hidden="true" />
            {isFetchingNextPage && (
              <div className="status status-more">
                <Spinner label="" size="small" />
                <p>{FINDER_SPEC_TEXTS.loadingMore}</p>
              </div>
            )}
            <LoadStatus
              loading={false}
              failure={loadMoreFailed && FINDER_SPEC_TEXTS.loadMoreFailed}
              onRetry={() => void fetchNextPage()}
              retryLabel={TEXTS.retry}
            />
            {!hasNextPage && items.length > 0 && <p className="end-of-results">{FINDER_SPEC_TEXTS.endOfResults}</p>}
          </>
        )}
      </section>
    </div>
  );
}
