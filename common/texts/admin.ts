// The admin dashboard's words (spec sections 2, 5, 6 and 8): its gate and tabs, and the areas that have no texts
// file of their own (images, items, categories, database operations). Only the dashboard's chunks load it.

import { COMMON_TEXTS } from './common';

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
  undoOperation: (operation: string) => `Undo ${operation}`,

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
  /** The bulk change's confirmation while its preview is being read. */
  workingOutChanges: 'Working out the changes...',
  editItem: 'Edit Item',
  addNewCategory: 'Add New Category',
  editCategory: 'Edit Category',
  clearAllFilters: 'Clear All Filters',
  edit: 'Edit',
  delete: 'Delete',
  cancel: COMMON_TEXTS.cancel,
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
