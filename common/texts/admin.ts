// The admin dashboard's words (spec sections 2, 5, 6 and 8): its gate and tabs, and the areas that have no texts
// file of their own (images, items, categories, database operations). Only the dashboard's chunks load it.

import { texts, i18n } from '../i18n';

import { COMMON_TEXTS } from './common';

/** On-screen texts of the admin dashboard (spec sections 2, 5, 6 and 8). */
export const ADMIN_TEXTS = texts({
  tabs: {
    images: /*i18n*/ 'Images',
    items: /*i18n*/ 'Items',
    categories: /*i18n*/ 'Categories',
    requests: /*i18n*/ 'Requests',
    links: /*i18n*/ 'Link health',
    agents: /*i18n*/ 'Agents',
    currencies: /*i18n*/ 'Currencies',
    database: /*i18n*/ 'Database',
    users: /*i18n*/ 'Users',
    analytics: /*i18n*/ 'Analytics',
    guides: /*i18n*/ 'Guides',
  },
  imageManagement: /*i18n*/ 'Image Management',
  itemManagement: /*i18n*/ 'Item Management',
  categoryManagement: /*i18n*/ 'Category Management',
  requestsManagement: /*i18n*/ 'Requests and Broken Links',
  currencyManagement: /*i18n*/ 'Currency Management',
  databaseOperations: /*i18n*/ 'Database Operations',
  userManagement: /*i18n*/ 'User Management',
  analytics: /*i18n*/ 'Analytics',
  guidesManagement: /*i18n*/ 'Guides',
  /** The tab strip's overflow menu (issue 40): the tabs that do not fit its width. */
  moreTabs: /*i18n*/ 'More',
  checkingDeveloper: /*i18n*/ 'Checking developer permissions...',
  developerRequiredTitle: /*i18n*/ 'Developer Access Required',
  developerRequiredText: /*i18n*/ 'Database operation buttons are only available for users with developer privileges.',

  // The Jobs view's alert mails (decision 0096)
  alertsHeading: /*i18n*/ 'Alert mails',
  alertsIntro: /*i18n*/ 'Price drops and saved searches: each account gets at most one mail a day of each.',
  alertsSchedule: /*i18n*/ 'Schedule (UTC)',
  alertsLastRun: /*i18n*/ 'Last run',
  alertsNextRun: /*i18n*/ 'Next run',
  alertsNever: /*i18n*/ 'Not in the last week',
  alertsRunNow: /*i18n*/ 'Run due alerts now',
  alertsRunning: /*i18n*/ 'Sending...',
  alertsQueued: /*i18n*/ 'The due alert mails are being sent.',
  alertsAlreadyQueued: /*i18n*/ 'The due alert mails were asked for less than a minute ago; they are being sent.',
  alertsNeedMail: /*i18n*/ 'Alert mails need a mail server (SMTP_URL and MAIL_FROM), which this site has not set up.',

  // Database operations (spec sections 2, 8 and 9)
  runningOperation: /*i18n*/ 'Running database operation...',
  operationResults: (operation: string) => i18n._('{operation} Results', { operation }),
  operationError: (message: string) => i18n._('Error: {message}', { message }),
  totalProcessed: /*i18n*/ 'Total products processed',
  productsMatched: /*i18n*/ 'Products matched',
  productsUpdated: /*i18n*/ 'Products updated',
  sampleUpdated: /*i18n*/ 'Updated',
  moreProducts: (n: number) => i18n._('... and {n} more products', { n }),
  categoryDistribution: /*i18n*/ 'Category Distribution',
  noCategory: /*i18n*/ 'No category',
  categoryStatsFailed: /*i18n*/ 'The category counts could not be loaded.',
  undoOperation: (operation: string) => i18n._('Undo {operation}', { operation }),

  // Image management
  invalidImageType: /*i18n*/ 'Please select a valid image file (JPEG, PNG, or WebP)',
  imageTooLarge: /*i18n*/ 'Image size must be less than 5MB',
  noImagesSelected: /*i18n*/ 'Please select at least one image',
  uploading: /*i18n*/ 'Uploading...',
  upload: /*i18n*/ 'Upload',
  uploaded: (n: number) => i18n._('Successfully uploaded {n} image(s)', { n }),
  failedToLoadCategories: /*i18n*/ 'Failed to load categories',
  failedToLoadImages: /*i18n*/ 'Failed to load images',
  failedToUpload: /*i18n*/ 'Failed to upload images',
  failedToAddItem: /*i18n*/ 'Failed to add item',
  failedToDeleteImage: /*i18n*/ 'Failed to delete image',
  imageDeleted: /*i18n*/ 'Image deleted successfully',
  /** Issue 25: the id an imported product had in the system it came from (a Firestore document's, a sheet's id column). */
  sourceIdLabel: /*i18n*/ 'Source id',
  sourceIdHint:
    /*i18n*/ 'Its id in the system it was imported from: a re-import (or an export imported again) matches on it. Set by the import.',
  /** Issue 25: the uploads folder or bucket cannot be written (full, read-only, no permission, unreachable). */
  storageUnavailable:
    /*i18n*/ 'The server cannot store files right now: its storage is full, read-only or out of reach. Nothing was saved; please try again later, or tell whoever runs the site.',
  /** The image is gone, but its files could not be removed yet: the server removes them later by itself. */
  imageFilesPending: /*i18n*/ 'Its files could not be removed from storage yet; the server will remove them later.',
  failedToLoad: /*i18n*/ 'Failed to load',
  itemFormRequired: /*i18n*/ 'Please fill in all required fields including category',
  newest: /*i18n*/ 'Newest',
  oldest: /*i18n*/ 'Oldest',
  refresh: /*i18n*/ 'Refresh',
  copyUrl: /*i18n*/ 'Copy URL',
  urlCopied: /*i18n*/ 'Image URL copied to clipboard',
  addItem: /*i18n*/ 'Add Item',

  // Items and categories
  itemNameRequired: /*i18n*/ 'Item name is required!',
  validPriceRequired: /*i18n*/ 'Valid price is required!',
  categoryNameRequired: /*i18n*/ 'Category name is required!',
  itemAdded: /*i18n*/ 'Item added successfully!',
  itemUpdated: /*i18n*/ 'Item updated successfully!',
  itemDeleted: /*i18n*/ 'Item deleted successfully!',
  errorDeletingItem: /*i18n*/ 'Error deleting item. Please try again.',
  errorAddingItem: /*i18n*/ 'Error adding item',
  errorUpdatingItem: /*i18n*/ 'Error updating item',
  errorFetchingCategories: /*i18n*/ 'Error fetching categories',
  errorAddingCategory: /*i18n*/ 'Error adding category',
  errorDeletingCategory: /*i18n*/ 'Error deleting category',
  errorUpdatingCategory: /*i18n*/ 'Error updating category',
  categoryAdded: /*i18n*/ 'Category added successfully!',
  categoryUpdated: /*i18n*/ 'Category updated successfully!',
  categoryDeleted: /*i18n*/ 'Category deleted successfully!',
  addNewItem: /*i18n*/ 'Add New Item',
  /** The bulk change's confirmation while its preview is being read. */
  workingOutChanges: /*i18n*/ 'Working out the changes...',
  editItem: /*i18n*/ 'Edit Item',
  addNewCategory: /*i18n*/ 'Add New Category',
  editCategory: /*i18n*/ 'Edit Category',
  clearAllFilters: /*i18n*/ 'Clear All Filters',
  edit: /*i18n*/ 'Edit',
  delete: /*i18n*/ 'Delete',
  cancel: COMMON_TEXTS.cancel,
  save: /*i18n*/ 'Save',
  prev: /*i18n*/ 'Prev',
  next: /*i18n*/ 'Next',
});

/**
 * The one item form (issue 28): the Images tile, Add New Item and Edit Item. The spec's texts (Add Item, Add New
 * Item, 'Item added successfully!') are in ADMIN_TEXTS.
 */
export const ITEM_FORM_TEXTS = texts({
  moreFields: /*i18n*/ 'More fields',
  adding: /*i18n*/ 'Adding...',
  /** After a save: the item's page, and a fresh form. */
  viewItem: (title: string) => i18n._('View {title}', { title }),
  addAnother: /*i18n*/ 'Add another',
  close: /*i18n*/ 'Close',
  /** A gallery tile whose picture a product shows already. */
  usedBy: /*i18n*/ 'Used by',
  andMore: (n: number) => i18n._(' and {n} more', { n }),
  newFromUsed: /*i18n*/ 'New item from this picture',
  bestLabel: /*i18n*/ 'Best product (shown with a star, and under Best Products)',
});

/** 'Error adding item' and the like end in '...' in the spec; the dashboard finishes them with the reason. */
export function withReason(text: string, reason: string): string {
  return `${text}: ${reason}`;
}

/** The Database tab's background jobs panel (decision 0050; failures and back-off, issue 39). */
export const JOBS_TEXTS = texts({
  heading: /*i18n*/ 'Background jobs',
  loading: /*i18n*/ 'Loading the job queues',
  loadFailed: (reason: string) => i18n._('The job queues could not be read. {reason}', { reason }),
  region: /*i18n*/ 'Jobs by queue',
  caption: /*i18n*/ 'Jobs by queue and state',
  queue: /*i18n*/ 'Queue',
  counts: {
    created: /*i18n*/ 'Waiting',
    active: /*i18n*/ 'Running',
    retry: /*i18n*/ 'To retry',
    failed: /*i18n*/ 'Failed',
    completed: /*i18n*/ 'Done',
  },
  health: /*i18n*/ 'Health',
  healthy: /*i18n*/ 'Fine',
  failingInARow: (count: number) => i18n._('{count, plural, one {Failed its last run} other {Failed its last # runs}}', { count }),
  pausedUntil: (when: string) => i18n._('scheduled runs paused until {when}', { when }),
  retryingHeading: /*i18n*/ 'Waiting to be tried again',
  retryingItem: (attempt: number, attempts: number, when: string) =>
    i18n._('Try {attempt} of {attempts} failed; next try {when}', { attempt, attempts, when }),
  failuresHeading: /*i18n*/ 'Last failures',
  failedAt: (when: string) => i18n._('Failed {when}', { when }),
  noFailures: /*i18n*/ 'No job has failed.',
  retryLabel: (queue: string, when: string) => i18n._('Retry the failed {queue} job of {when}', { queue, when }),
  retried: /*i18n*/ 'The job will be tried again.',
});

/** "Fetch pictures again" (issue 40): an item's actions, the Items tab's selection and an import's history row. */
export const PICTURE_REFETCH_TEXTS = texts({
  action: /*i18n*/ 'Fetch pictures again',
  actionFor: (title: string) => i18n._('Fetch the picture of {title} again', { title }),
  actionForImport: (source: string) => i18n._('Fetch the pictures of the import {source} again', { source }),
  queued: (queued: number) =>
    i18n._('{queued, plural, one {# item: its picture is being fetched again.} other {# items: their pictures are being fetched again.}}', {
      queued,
    }),
  leftOut: (count: number) =>
    i18n._(
      '{count, plural, one {# item left out (its picture is fine, or it has no address to fetch from).} other {# items left out (their pictures are fine, or they have no address to fetch from).}}',
      {
        count,
      },
    ),
  failed: /*i18n*/ 'The pictures could not be fetched again',
});

/** The storefront setting for products without a picture (issue 40), on the Link health tab beside their count. */
export const STOREFRONT_SETTINGS_TEXTS = texts({
  legend: /*i18n*/ 'Products without a picture on the storefront',
  modes: {
    show: /*i18n*/ 'Show them as usual',
    last: /*i18n*/ 'List them last',
    hide: /*i18n*/ 'Hide them',
  },
  hint: /*i18n*/ 'Listed last: in every order of the finder and its searches, after every product with a picture. Hidden: they leave the finder, its counts, category and brand pages, suggestions, related lists and the sitemap; their own pages still answer.',
  saved: /*i18n*/ 'Storefront setting saved.',
  failed: /*i18n*/ 'The storefront setting could not be saved',
  loading: /*i18n*/ 'Loading the storefront setting',
});
