import { useRef, useState, type ChangeEvent, type RefObject } from 'react';
import type { z } from 'zod';
import { ApiError } from './api-client';

type Values<F extends string> = Record<F, string>;

/**
 * One form's draft, its errors under each field and the focus on the first bad one. `validate` parses the draft
 * with the same zod schema the server uses; `fail` places a server's refusal under the field it is about (or
 * returns it for the form-level message). Fields are listed in screen order, so "first bad field" is the first
 * one a reader meets.
 */
export function useForm<F extends string>(fields: readonly F[], initial: Values<F>) {
  const [values, setValues] = useState<Values<F>>(initial);
  const [errors, setErrors] = useState<Partial<Record<F | 'form', string>>>({});
  const refs = useRef(Object.fromEntries(fields.map((f) => [f, { current: null }])) as unknown as Record<F, RefObject<HTMLInputElement | null>>);

  const focusFirst = (found: Partial<Record<string, string>>) => {
    const first = fields.find((f) => found[f]);
    if (first) refs.current[first].current?.focus();
  };

  return {
    values,
    errors,
    reset: () => {
      setValues(initial);
      setErrors({});
    },
    /** Props for a TextField: value, change handler, ref and error. */
    field: (name: F) => ({
      name,
      ref: refs.current[name],
      value: values[name],
      error: errors[name],
      onChange: (e: ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [name]: e.target.value })),
    }),
    validate<T>(schema: z.ZodType<T>): T | null {
      const parsed = schema.safeParse(values);
      if (parsed.success) {
        setErrors({});
        return parsed.data;
      }
      const found: Partial<Record<string, string>> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0] ?? 'form')] ??= issue.message;
      setErrors(found as Partial<Record<F | 'form', string>>);
      focusFirst(found);
      return null;
    },
    /**
     * Shows a failed call: under `field` when the server's refusal is about it (a 400 names no field, so the
     * caller says which one a sentence belongs to), else as the form's message.
     */
    fail(err: unknown, fieldFor?: (message: string, status: number) => F | undefined) {
      const message = err instanceof ApiError || err instanceof Error ? err.message : 'Something went wrong. Please try again.';
      const target = err instanceof ApiError ? fieldFor?.(message, err.status) : undefined;
      const found = target ? { [target]: message } : { form: message };
      setErrors(found as Partial<Record<F | 'form', string>>);
      focusFirst(found);
    },
  };
}
