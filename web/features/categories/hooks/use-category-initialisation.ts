import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { invalidateCatalogue } from '../../../lib/admin/keys';
import { ensureDefaultCategories } from '../api/ensure-default-categories';

/** Spec section 4: once an admin is confirmed, the default categories are added if there are none. */
export function useCategoryInitialisation(isAdmin: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!isAdmin) return;
    ensureDefaultCategories()
      .then(({ seeded }) => (seeded ? invalidateCatalogue(queryClient) : undefined))
      // Spec section 8: a failed initialisation is only logged.
      .catch((err: unknown) => console.warn('category initialisation failed', err));
  }, [isAdmin, queryClient]);
}
