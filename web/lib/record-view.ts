// Recently viewed (issue 42): the product page records itself once its product is known. The list's code
// (recently-viewed.ts, with its storage and API calls) loads when it is first needed, after the first view (issue 38).
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSession } from './session';

/** Records a product page opened, once the session is known: in the account when signed in, else in this browser. */
export function useRecordView(productId: string | null): void {
  const status = useSession().status;
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!productId || status === 'pending' || status === 'error') return;
    void import('./recently-viewed').then((m) => m.recordView(productId, status === 'signed-in', queryClient));
  }, [productId, status, queryClient]);
}
