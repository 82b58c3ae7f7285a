import { forwardRef, useId, type SelectHTMLAttributes } from 'react';

type Option = { value: string; label: string };
type Props = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  label: string;
  options: readonly Option[];
  error?: string | undefined;
};

/** A labelled select whose error is tied to it for screen readers. */
export const SelectField = forwardRef<HTMLSelectElement, Props>(function SelectField({ label, options, error, className, ...select }, ref) {
  const id = useId();
  return (
    <div className={`field${error ? ' field-invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      <select ref={ref} id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...select}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
});
