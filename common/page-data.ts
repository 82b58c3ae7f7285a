// What the server hands the web with a rendered page: the data the page was rendered from, so the browser
// hydrates exactly what the HTML shows and asks for nothing it already has.
import type { FinderFilters } from './finder-filters';
import type { PublicAgent } from './schemas/agent';
import type { Category } from './schemas/category';
import type { CurrencyRates } from './schemas/currency';
import type { SharedFavoriteList } from './schemas/favorite';
import type { Product, ProductPage } from './schemas/product';
import type { PriceHistory } from './schemas/price-history';
import type { QcPhoto } from './schemas/qc';
import type { BrandSummary, FinderFacets } from './schemas/search';
import type { GuideArticle, GuideSummary } from './schemas/guide-page';

/** What a product address leads to, as the product page shows it. */
export type ProductView =
  /**
   * qcPhotos, colours (the group's other products), priceHistory and sameItem (other sellers of the same photo,
   * sameItemTotal in all): absent while the page shows a card's product before its own answer has come.
   */
  | {
      status: 'found';
      product: Product;
      related: Product[];
      qcPhotos?: QcPhoto[];
      colours?: Product[];
      priceHistory?: PriceHistory | null;
      sameItem?: Product[];
      sameItemTotal?: number;
    }
  | { status: 'gone'; category: string | null; similar: Product[] }
  | { status: 'missing'; similar: Product[] };

export type InitialData = {
  /** The site's address (PUBLIC_URL, or the one this request came to): canonical links start with it. */
  origin: string;
  /** The server's date (YYYY-MM-DD, UTC) at rendering: legal pages and the footer show it until the browser's own. */
  today: string;
  /** The finder's first page, as rendered. */
  finder?: { filters: FinderFilters; seed: number; pageSize: number; page: ProductPage };
  /** The counts beside the finder's choices, as rendered (absent when they could not be loaded). */
  facets?: FinderFacets;
  /** The enabled shopping agents (every page: BUY and the agent pickers), as rendered. */
  agents?: PublicAgent[];
  /** The base currency and the display currencies' rates (every page: prices in the visitor's currency), as rendered. */
  currencies?: CurrencyRates;
  /** The category chips (finder) as rendered. */
  categories?: Category[];
  /** A product page as rendered, under its number. */
  product?: { number: number; view: ProductView };
  /** A brand's page: the brand under the slug of its address (null: no product has that brand). */
  brand?: { slug: string; summary: BrandSummary | null };
  /** The guides' index or a topic's (topic: its address part, null for the index), as rendered (issue 43). */
  guides?: { topic: string | null; items: GuideSummary[] };
  /** An article under its slug (null: no published guide has it). */
  guide?: { slug: string; article: GuideArticle | null };
  /** The guides a product page lists (those showing its card), under the product's number. */
  productGuides?: { number: number; items: GuideSummary[] };
  /** A shared list of favourites under its token (null: no list is shared under it). */
  sharedFavorites?: { token: string; list: SharedFavoriteList | null };
};

/** The id of the JSON script element holding InitialData. */
export const INITIAL_DATA_ID = 'initial-data';
/** The element holding the compiled messages the page's render read, in its language (issue 41, decision 0090). */
export const PAGE_MESSAGES_ID = 'page-messages';
