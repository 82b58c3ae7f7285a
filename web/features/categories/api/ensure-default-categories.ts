import { apiPost } from '../../../lib/api-client';

/** Spec section 4: when an admin is confirmed, the default categories are added if none exist. */
export function ensureDefaultCategories(): Promise<{ seeded: boolean }> {
  return apiPost<{ seeded: boolean }>('/api/admin/categories/defaults', {});
}
