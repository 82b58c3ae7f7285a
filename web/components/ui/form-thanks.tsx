import { useEffect, useRef } from 'react';

/**
 * What replaces a sent form: the thanks, announced and focused (the form is gone, so keyboard users continue from
 * it), and one way on (ask again, or close).
 */
export function FormThanks({
  id,
  className,
  message,
  action,
  onAction,
}: {
  id: string;
  className: string;
  message: string;
  action: string;
  onAction: () => void;
}) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div id={id} className={className}>
      <p role="status" tabIndex={-1} ref={ref}>
        {message}
      </p>
      <button type="button" className="link-button" onClick={onAction}>
        {action}
      </button>
    </div>
  );
}
