type Props = { label?: string; size?: 'small' | 'large'; className?: string };

/** A spinner with a text alternative; pass label="" when visible text beside it already says what is loading. */
export function Spinner({ label = 'Loading', size = 'large', className = '' }: Props) {
  return (
    <span className={`spinner spinner-${size} ${className}`} role={label ? 'status' : undefined}>
      {label && <span className="visually-hidden">{label}</span>}
    </span>
  );
}
