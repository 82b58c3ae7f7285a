import { useMutation } from '@tanstack/react-query';
import { changePassword } from '../../../lib/auth-client';

/** Every other session is signed out; this one continues with a new cookie. */
export function useChangePassword() {
  return useMutation({
    mutationFn: ({ currentPassword, newPassword }: { currentPassword: string; newPassword: string }) =>
      changePassword(currentPassword, newPassword),
  });
}
