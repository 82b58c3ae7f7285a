import { useEffect, useRef, type ReactNode } from 'react';

/**
 * Why a form was refused, announced and focused: the submit button was disabled while waiting, which took the
 * focus away, so keyboard users continue from the message.
 */
export function FormFailure({ message, children }: { message: string | null; children?: ReactNode }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (message) ref.current?.focus();
  }, [message]);
  if (!message) return null;
  return (
    <p className="form-error" role="alert" tabIndex={-1} ref={ref}>
      {message}
      {children}
    </p>
  );
}
