// On-screen texts of the dashboard's Users tab and its audit log (issue 5), and the sentences the users API answers
// with. Apart from common/admin-constants.ts so each can change without touching the other; only the admin chunk
// and the server import this file.

/** Refusals of PATCH /api/admin/users/:id, shown as they are in the dashboard's toasts. */
export const USER_ROLE_ERRORS = {
  notFound: 'No account has this id. It may have been deleted; reload the list.',
  noLongerAdmin: 'Your admin role was removed before this change could be made, so it was not made.',
  developerOnly: 'Only developers can grant or revoke the developer role.',
  developerAccount: (email: string) => `${email} has the developer role, so only a developer can change their roles.`,
  ownAdmin: 'You cannot remove your own admin role. Ask another admin to do it.',
  lastAdmin: (email: string) => `${email} is the last admin, so their admin role cannot be removed.`,
} as const;

export const ROLE_LABELS = { isAdmin: 'Admin', isDev: 'Developer' } as const;
export type RoleFlagName = keyof typeof ROLE_LABELS;

export const PROVIDER_LABELS: Readonly<Record<string, string>> = {
  credential: 'Email and password',
  google: 'Google',
};

export const USERS_TEXTS = {
  searchLabel: 'Search accounts',
  searchPlaceholder: 'Email or name',
  searching: 'Searching',
  roleFilterLabel: 'Role',
  roleFilters: { all: 'All accounts', admin: 'Admins', developer: 'Developers' },
  clearFilters: 'Clear filters',
  listLabel: 'Accounts',
  pagerLabel: 'Account pages',
  loading: 'Loading accounts',
  loadFailed: 'Failed to load accounts',
  retry: 'Retry',
  none: 'No accounts yet.',
  noMatch: 'No accounts match this search.',
  showing: (first: number, last: number, total: number) =>
    `Showing ${first}–${last} of ${total} ${total === 1 ? 'account' : 'accounts'}`,
  columns: { email: 'Email', name: 'Name', created: 'Created', providers: 'Sign-in', admin: 'Admin', developer: 'Developer' },
  noName: 'No name',
  noProvider: 'None',
  you: 'you',
  // Why a switch is disabled, read with it by screen readers.
  ownAdminLocked: 'You cannot remove your own admin role.',
  developerLocked: 'Only developers can change the developer role.',
  developerAccountLocked: 'Only developers can change the roles of a developer.',
  developerInactive: 'Has no effect until this account is an admin too.',
  saving: 'Saving...',
  switchLabel: (role: string, email: string) => `${role} role for ${email}`,
  granted: (role: string, email: string) => `${role} role granted to ${email}.`,
  revoked: (role: string, email: string) => `${role} role revoked from ${email}.`,
  unchanged: (email: string) => `Nothing changed: ${email} already had these roles.`,
  changeFailed: 'The role was not changed',
  confirmRevokeTitle: (role: string) => `Revoke ${role.toLowerCase()} role?`,
  confirmRevokeAdmin: (email: string, isDev: boolean) =>
    `${email} will lose access to the admin dashboard at once${isDev ? ', and developer rights with it' : ''}. You can grant it again later.`,
  confirmRevokeDeveloper: (email: string) =>
    `${email} will no longer be able to run the bulk database operations. You can grant it again later.`,
  confirmRevokeOwnDeveloper: 'You will no longer be able to run the bulk database operations, or to grant the developer role again yourself.',
  revoke: 'Revoke',
  revoking: 'Revoking...',
} as const;

export const AUDIT_TEXTS = {
  heading: 'Audit log',
  intro: 'Every role change, database operation and change to items, categories and images, newest first.',
  filterLabel: 'Show',
  filters: {
    all: 'All',
    'user-roles': 'Role changes',
    'bulk-op': 'Database operations',
    'product-create': 'Items added',
    'product-update': 'Items edited',
    'product-delete': 'Items deleted',
    'category-create': 'Categories added',
    'category-update': 'Categories edited',
    'category-delete': 'Categories deleted',
    'image-upload': 'Image uploads',
    'image-delete': 'Images deleted',
    'product-import': 'Imports',
    'products-bulk-edit': 'Bulk item changes',
    'change-undo': 'Undos',
    'currency-rates': 'Currency rates',
  },
  refresh: 'Refresh',
  pagerLabel: 'Audit log pages',
  loading: 'Loading the audit log',
  loadFailed: 'Failed to load the audit log',
  empty: 'Nothing recorded yet.',
  emptyFiltered: 'Nothing of this kind recorded yet.',
  showing: (first: number, last: number, total: number) =>
    `Showing ${first}–${last} of ${total} ${total === 1 ? 'entry' : 'entries'}`,
  columns: { when: 'When', who: 'Who', what: 'What', status: 'Status', details: 'Details' },
  actions: {
    'user-roles': 'Role change',
    'bulk-op': 'Database operation',
    'product-create': 'Item added',
    'product-update': 'Item edited',
    'product-delete': 'Item deleted',
    'category-create': 'Category added',
    'category-update': 'Category edited',
    'category-delete': 'Category deleted',
    'image-upload': 'Image upload',
    'image-delete': 'Image deleted',
    'product-import': 'Import',
    'products-bulk-edit': 'Bulk item change',
    'change-undo': 'Undo',
    'agent-create': 'Agent added',
    'agent-update': 'Agent edited',
    'agent-delete': 'Agent deleted',
    'products-source': 'Items\' sources read',
    'currency-rates': 'Currency rates changed',
  },
  statuses: { running: 'Running', succeeded: 'Succeeded', failed: 'Failed', abandoned: 'Abandoned' },
  noDetails: 'No details',
  imported: (created: number, updated: number, skipped: number) =>
    `${created} added, ${updated} updated${skipped > 0 ? `, ${skipped} skipped` : ''}`,
  bulkEdited: (changed: number, selected: number) => `${changed} of ${selected} selected items changed`,
  undone: (restored: number, skipped: number) =>
    `${restored} products put back${skipped > 0 ? `, ${skipped} changed since and left as they are` : ''}`,
  granted: (role: string) => `${role} granted`,
  revoked: (role: string) => `${role} revoked`,
  counts: (processed: number, matched: number, updated: number) => `${processed} processed, ${matched} matched, ${updated} updated`,
  error: (reason: string) => `Error: ${reason}`,
  /** How an edited field is named in "Changed price 12.00 → 15.00". */
  fields: {
    title: 'title',
    description: 'description',
    brand: 'brand',
    category: 'category',
    gender: 'gender',
    price: 'price',
    image: 'image',
    isBestProduct: 'best product',
    link: 'link',
    name: 'name',
    relevance: 'sort number',
  } as Record<string, string>,
  none: '(none)',
  yes: 'yes',
  no: 'no',
  created: 'Created',
  createdIn: (category: string) => `Created in ${category}`,
  createdDefaults: (names: string[]) => `Created ${names.length} default ${names.length === 1 ? 'category' : 'categories'}: ${names.join(', ')}`,
  changed: (changes: string[]) => `Changed ${changes.join(', ')}`,
  change: (field: string, from: string, to: string) => `${field} ${from} → ${to}`,
  deleted: 'Deleted',
  productsRenamed: (n: number) => `${n} ${n === 1 ? 'product' : 'products'} renamed with it`,
  productsMoved: (n: number, to: string | null) =>
    to ? `${n} ${n === 1 ? 'product' : 'products'} moved to ${to}` : `${n} ${n === 1 ? 'product' : 'products'} left without a category`,
  uploaded: (n: number, size: string) => `Uploaded ${n} ${n === 1 ? 'image' : 'images'} (${size})`,
  productsLostImage: (n: number) => `${n} ${n === 1 ? 'product' : 'products'} lost their image`,
} as const;
