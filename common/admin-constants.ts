// Values and on-screen texts of the admin dashboard fixed by the specification (sections 2, 4, 5, 6, 8 and 9).
// Apart from common/constants.ts so the storefront's first bundle does not carry them.

export const ADMIN_PRODUCTS_PAGE_SIZE = 25;
/** The largest page of the admin product list the API hands out. */
export const ADMIN_MAX_PAGE_SIZE = 100;
export const IMAGE_GALLERY_PAGE_SIZE = 5;
/** Pager: every page number when there are this many pages or fewer; otherwise first, last and neighbours. */
export const PAGER_ALL_PAGES_MAX = 5;
/** Upload limit in bytes (5 MB). */
export const MAX_UPLOAD_BYTES = 5_242_880;
/** Files one upload request may carry; the dashboard sends one file a request to show its progress. */
export const MAX_UPLOAD_FILES = 10;
/** Decoded-pixel ceiling (a 40-megapixel picture): refuses decompression bombs before they expand in memory. */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** Uploads the dashboard sends at once. */
export const UPLOAD_CONCURRENCY = 3;
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const ACCEPTED_IMAGE_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.webp'] as const;
/** Longest product title, brand, description, URL and category description the API stores. */
export const TITLE_MAX_LENGTH = 200;
export const BRAND_MAX_LENGTH = 100;
export const DESCRIPTION_MAX_LENGTH = 2000;
export const URL_MAX_LENGTH = 2048;
export const CATEGORY_DESCRIPTION_MAX_LENGTH = 500;
/** numeric(12, 2): the largest price the database holds. */
export const PRICE_MAX = 9_999_999_999.99;
export const RELEVANCE_MAX = 1_000_000;
/** Development aid (spec section 4): heap checked every 5 s; warn above 80 %, clear below 60 %. */
export const MEMORY_CHECK_MS = 5000;
export const MEMORY_WARN_RATIO = 0.8;
export const MEMORY_CLEAR_RATIO = 0.6;

/** On-screen texts of the admin dashboard (spec sections 2, 5, 6 and 8). */
export const ADMIN_TEXTS = {
  tabs: {
    images: 'Images',
    items: 'Items',
    categories: 'Categories',
    requests: 'Requests',
    links: 'Link health',
    agents: 'Agents',
    currencies: 'Currencies',
    database: 'Database',
    users: 'Users',
    analytics: 'Analytics',
  },
  imageManagement: 'Image Management',
  itemManagement: 'Item Management',
  categoryManagement: 'Category Management',
  requestsManagement: 'Requests and Broken Links',
  currencyManagement: 'Currency Management',
  databaseOperations: 'Database Operations',
  userManagement: 'User Management',
  analytics: 'Analytics',
  checkingDeveloper: 'Checking developer permissions...',
  developerRequiredTitle: 'Developer Access Required',
  developerRequiredText: 'Database operation buttons are only available for users with developer privileges.',

  // Database operations (spec sections 2, 8 and 9)
  runningOperation: 'Running database operation...',
  operationResults: (operation: string) => `${operation} Results`,
  operationError: (message: string) => `Error: ${message}`,
  totalProcessed: 'Total products processed',
  productsMatched: 'Products matched',
  productsUpdated: 'Products updated',
  sampleUpdated: 'Updated',
  moreProducts: (n: number) => `... and ${n} more products`,
  categoryDistribution: 'Category Distribution',
  noCategory: 'No category',
  categoryStatsFailed: 'The category counts could not be loaded.',

  // Image management
  invalidImageType: 'Please select a valid image file (JPEG, PNG, or WebP)',
  imageTooLarge: 'Image size must be less than 5MB',
  noImagesSelected: 'Please select at least one image',
  uploading: 'Uploading...',
  upload: 'Upload',
  uploaded: (n: number) => `Successfully uploaded ${n} image(s)`,
  failedToLoadCategories: 'Failed to load categories',
  failedToLoadImages: 'Failed to load images',
  failedToUpload: 'Failed to upload images',
  failedToAddItem: 'Failed to add item',
  failedToDeleteImage: 'Failed to delete image',
  imageDeleted: 'Image deleted successfully',
  /** Issue 25: the id an imported product had in the system it came from (a Firestore document's, a sheet's id column). */
  sourceIdLabel: 'Source id',
  sourceIdHint: 'Its id in the system it was imported from: a re-import (or an export imported again) matches on it. Set by the import.',
  /** Issue 25: the uploads folder or bucket cannot be written (full, read-only, no permission, unreachable). */
  storageUnavailable:
    'The server cannot store files right now: its storage is full, read-only or out of reach. Nothing was saved; please try again later, or tell whoever runs the site.',
  /** The image is gone, but its files could not be removed yet: the server removes them later by itself. */
  imageFilesPending: 'Its files could not be removed from storage yet; the server will remove them later.',
  failedToLoad: 'Failed to load',
  itemFormRequired: 'Please fill in all required fields including category',
  newest: 'Newest',
  oldest: 'Oldest',
  refresh: 'Refresh',
  copyUrl: 'Copy URL',
  urlCopied: 'Image URL copied to clipboard',
  addItem: 'Add Item',

  // Items and categories
  itemNameRequired: 'Item name is required!',
  validPriceRequired: 'Valid price is required!',
  categoryNameRequired: 'Category name is required!',
  itemAdded: 'Item added successfully!',
  itemUpdated: 'Item updated successfully!',
  itemDeleted: 'Item deleted successfully!',
  errorDeletingItem: 'Error deleting item. Please try again.',
  errorAddingItem: 'Error adding item',
  errorUpdatingItem: 'Error updating item',
  errorFetchingCategories: 'Error fetching categories',
  errorAddingCategory: 'Error adding category',
  errorDeletingCategory: 'Error deleting category',
  errorUpdatingCategory: 'Error updating category',
  categoryAdded: 'Category added successfully!',
  categoryUpdated: 'Category updated successfully!',
  categoryDeleted: 'Category deleted successfully!',
  addNewItem: 'Add New Item',
  editItem: 'Edit Item',
  addNewCategory: 'Add New Category',
  editCategory: 'Edit Category',
  clearAllFilters: 'Clear All Filters',
  edit: 'Edit',
  delete: 'Delete',
  cancel: 'Cancel',
  save: 'Save',
  prev: 'Prev',
  next: 'Next',
} as const;

/**
 * The one item form (issue 28): the Images tile, Add New Item and Edit Item. The spec's texts (Add Item, Add New
 * Item, 'Item added successfully!') are in ADMIN_TEXTS.
 */
export const ITEM_FORM_TEXTS = {
  moreFields: 'More fields',
  adding: 'Adding...',
  /** After a save: the item's page, and a fresh form. */
  viewItem: (title: string) => `View ${title}`,
  addAnother: 'Add another',
  close: 'Close',
  /** A gallery tile whose picture a product shows already. */
  usedBy: 'Used by',
  andMore: (n: number) => ` and ${n} more`,
  newFromUsed: 'New item from this picture',
  bestLabel: 'Best product (shown with a star, and under Best Products)',
} as const;

/** 'Error adding item' and the like end in '...' in the spec; the dashboard finishes them with the reason. */
export function withReason(text: string, reason: string): string {
  return `${text}: ${reason}`;
}

/** The Requests tab (issue 16): visitors' item requests and broken-link reports. */
export const REQUESTS_ADMIN_TEXTS = {
  intro: 'What visitors asked for but could not find, and the buy links they reported as broken, newest first.',
  requestsHeading: 'Item requests',
  reportsHeading: 'Broken links',
  statuses: { new: 'New', planned: 'Planned', added: 'Added', rejected: 'Rejected' },
  statusFilter: 'Show',
  all: 'All',
  withCount: (label: string, n: number) => `${label} (${n})`,
  statusOf: (what: string) => `Status of ${what}`,
  loadingRequests: 'Loading item requests',
  loadingReports: 'Loading link reports',
  requestsFailed: 'Item requests could not be loaded',
  reportsFailed: 'Link reports could not be loaded',
  noRequests: 'No item requests yet. They come from searches that found nothing.',
  noReports: 'No broken links reported yet.',
  noneWithStatus: 'Nothing with this status.',
  showing: (first: number, last: number, total: number) => `Showing ${first}–${last} of ${total}`,
  requestsPager: 'Item request pages',
  reportsPager: 'Link report pages',
  columns: { when: 'When', request: 'Request', product: 'Product', status: 'Status', actions: 'Actions', report: 'Report' },
  link: 'Link',
  noLink: 'No link given',
  noNote: 'No note',
  viaAgent: (agent: string) => `via ${agent}`,
  currentLink: 'Buy link',
  noBuyLink: 'No buy link',
  noProduct: 'Not linked',
  productNumber: (what: string) => `Product for ${what}`,
  productPlaceholder: 'Number, address or name',
  productMatches: (query: string) => `Products matching ${query}`,
  linkTo: (number: number, title: string) => `Link #${number} ${title}`,
  noMatches: 'No product matches.',
  linkProduct: 'Link',
  unlinkProduct: 'Unlink',
  linking: 'Linking...',
  openProduct: (number: number) => `#${number}`,
  editProduct: (title: string) => `Edit ${title} in Items`,
  delete: 'Delete',
  deleteRequestTitle: 'Delete this request?',
  deleteReportTitle: 'Delete this report?',
  deleteBody: (what: string) => `“${what}” will be removed from the queue. This cannot be undone.`,
  deleted: 'Deleted',
  saved: 'Saved',
  saveFailed: 'Could not save the change',
  deleteFailed: 'Could not delete it',
  refresh: 'Refresh',
} as const;
