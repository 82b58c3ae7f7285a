import { useMutation } from '@tanstack/react-query';
import { startGoogleSignIn } from '../../../lib/auth-client';

/**
 * Leaves for Google. On success the browser navigates away, so the mutation stays pending (the button keeps
 * its busy label); on failure the error is the server's sentence.
 */
export function useStartGoogleSignIn() {
  return useMutation({
    mutationFn: ({ callbackURL, errorCallbackURL }: { callbackURL: string; errorCallbackURL: string }) =>
      startGoogleSignIn(callbackURL, errorCallbackURL).then(() => new Promise<void>(() => undefined)),
  });
}
