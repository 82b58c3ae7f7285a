import { useRef, useState, type ChangeEvent } from 'react';
import type { z } from 'zod';
import { fieldErrors } from '../../common/schemas/fields';
import { COMMON_TEXTS } from '../../common/texts/common';
import { ApiError } from './api-client';

/** A form's draft: text for inputs, selects and text areas; true or false for checkboxes. */
export type Draft = Record<string, string | boolean>;
type TextKey<D> = { [K in keyof D]: D[K] extends string ? K : never }[keyof D] & string;
type FlagKey<D> = { [K in keyof D]: D[K] extends boolean ? K : never }[keyof D] & string;
/** Messages under the fields, and `form` for the one about the whole form. */
export type FormErrors<K extends string> = Partial<Record<K | 'form', string>>;
/** Says which field a server's refusal is about (a 400 names none), or undefined for the form's own message. */
export type FieldFor<K extends string> = (message: string, status: number) => K | undefined;

/** The draft checked with a zod schema: its data, or the first message under each field. */
export function parseDraft<T>(schema: z.ZodType<T>, draft: unknown): { data: T } | { errors: Record<string, string> } {
  const parsed = schema.safeParse(draft);
  return parsed.success ? { data: parsed.data } : { errors: fieldErrors(parsed.error) };
}

/** Where a failed call's message goes: under the field `fieldFor` names for a server's refusal, else on the form. */
export function failureErrors<K extends string>(err: unknown, fieldFor?: FieldFor<K>): FormErrors<K> {
  const message = err instanceof Error ? err.message : COMMON_TEXTS.somethingWentWrong;
  const target = err instanceof ApiError ? fieldFor?.(message, err.status) : undefined;
  return (target ? { [target]: message } : { form: message }) as FormErrors<K>;
}

/** The first field, in screen order, that has a message. */
export function firstBadField<K extends string>(order: readonly K[], found: Partial<Record<string, string>>): K | undefined {
  return order.find((field) => found[field]);
}

/**
 * One form's draft, its errors under each field and the focus on the first bad one. `order` lists the fields in
 * screen order, so "first bad field" is the first one a reader meets. The draft starts as `initial` each time the
 * form is mounted (a dialog opened for another item is a new form: give it a key), and `reset(next)` starts it
 * again. `validate` parses the draft with the same zod schema the server uses; `fail` places a server's refusal
 * under the field it is about (or on the form); `showErrors` places any other message.
 */
export function useForm<D extends Draft>(order: readonly NoInfer<keyof D & string>[], initial: D) {
  const [values, setValues] = useState<D>(initial);
  const [errors, setErrors] = useState<FormErrors<keyof D & string>>({});
  const elements = useRef<Partial<Record<string, HTMLElement | null>>>({});
  // One callback ref per field, made once, so React does not detach and attach it on every render.
  const refs = useRef<Record<string, (node: HTMLElement | null) => void>>({});
  const refFor = (name: string) =>
    (refs.current[name] ??= (node) => {
      elements.current[name] = node;
    });

  const set = <K extends keyof D>(name: K, value: D[K]) => setValues((v) => ({ ...v, [name]: value }));
  const showErrors = (found: FormErrors<keyof D & string>) => {
    setErrors(found);
    const first = firstBadField(order, found);
    if (first) elements.current[first]?.focus();
  };

  return {
    values,
    errors,
    /** Sets one field from outside its input (a picked image, a quick pick). */
    set,
    /** Starts again from `next`, or from the initial draft, without messages. */
    reset: (next: D = initial) => {
      setValues(next);
      setErrors({});
    },
    showErrors,
    /** Moves the focus to a field (the first one, after "Add another"). */
    focus: (name: keyof D & string) => elements.current[name]?.focus(),
    /** Props for a TextField, SelectField or TextAreaField: name, value, change handler, ref and error. */
    field: (name: TextKey<D>) => ({
      name,
      ref: refFor(name),
      value: values[name] as string,
      error: errors[name],
      onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => set(name, e.target.value as D[typeof name]),
    }),
    /** Props for a checkbox input. */
    check: (name: FlagKey<D>) => ({
      name,
      ref: refFor(name),
      checked: values[name] as boolean,
      onChange: (e: ChangeEvent<HTMLInputElement>) => set(name, e.target.checked as D[typeof name]),
    }),
    /** The parsed draft, or null with the messages shown; `onInvalid` hears them too (to say them in a toast). */
    validate<T>(schema: z.ZodType<T>, onInvalid?: (found: FormErrors<keyof D & string>) => void): T | null {
      const result = parseDraft(schema, values);
      if ('data' in result) {
        setErrors({});
        return result.data;
      }
      const found = result.errors as FormErrors<keyof D & string>;
      showErrors(found);
      onInvalid?.(found);
      return null;
    },
    /** Shows a failed call: under the field `fieldFor` names for the server's refusal, else as the form's message. */
    fail: (err: unknown, fieldFor?: FieldFor<keyof D & string>) => showErrors(failureErrors(err, fieldFor)),
  };
}
