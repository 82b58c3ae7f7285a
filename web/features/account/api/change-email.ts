import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailChangeInput, EmailChangeResult } from '../../../../common/schemas/account';
import { apiPost } from '../../../lib/api-client';
import { refreshSession } from '../../../lib/session';

export function changeEmail(input: EmailChangeInput): Promise<EmailChangeResult> {
  return apiPost<EmailChangeResult>('/api/account/email', input);
}

export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeEmail,
    onSuccess: async (result) => {
      if (result.status === 'changed') await refreshSession(queryClient);
    },
  });
}
