import { useMutation, useQueryClient } from '@tanstack/react-query';
import { signUpWithEmail } from '../../../lib/auth-client';
import { refreshSession } from '../../../lib/session';

export async function signUp(email: string, password: string, name = ''): Promise<void> {
  await signUpWithEmail(email, password, name);
}

/** Creates the account (which signs it in), then reads the session again. */
export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ email, password, name }: { email: string; password: string; name?: string }) => {
      await signUp(email, password, name);
      await refreshSession(queryClient);
    },
  });
}
