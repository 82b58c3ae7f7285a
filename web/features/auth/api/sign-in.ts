import { useMutation, useQueryClient } from '@tanstack/react-query';
import { signInWithEmail } from '../../../lib/auth-client';
import { refreshSession } from '../../../lib/session';

export async function signIn(email: string, password: string): Promise<void> {
  await signInWithEmail(email, password);
}

/** Signs in, then reads the session again so the next screen already knows who is signed in. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ email, password }: { email: string; password: string }) => {
      await signIn(email, password);
      await refreshSession(queryClient);
    },
  });
}
