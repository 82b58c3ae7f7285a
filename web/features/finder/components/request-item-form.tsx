import { useState, type FormEvent } from 'react';
import { REQUEST_TEXTS } from '../../../../common/texts/requests';
import { REQUEST_LINK_MAX_LENGTH, REQUEST_QUERY_MAX_LENGTH } from '../../../../common/requests';
import { itemRequestInputSchema } from '../../../../common/schemas/requests';
import { FormFailure } from '../../../components/ui/form-failure';
import { FormThanks } from '../../../components/ui/form-thanks';
import { TextField } from '../../../components/ui/text-field';
import { useForm } from '../../../lib/use-form';
import { useCreateItemRequest } from '../api/create-item-request';
import './request-item.css';

const FIELD_ORDER = ['query', 'link'] as const;

/** The server names the field in a 400's sentence ("link: ..."); a 429 or anything else is the form's message. */
const fieldFor = (message: string, status: number) => (status === 400 ? FIELD_ORDER.find((field) => message.startsWith(field)) : undefined);

/**
 * The request form (issue 16): what the visitor looks for (pre-filled with the search) and an optional link,
 * checked with the API's own schema before it is sent; then a thanks that says it was received.
 */
export default function RequestItemForm({ id, search }: { id: string; search: string }) {
  const create = useCreateItemRequest();
  const [sent, setSent] = useState(false);
  const form = useForm(FIELD_ORDER, { query: search.slice(0, REQUEST_QUERY_MAX_LENGTH), link: '' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const data = form.validate(itemRequestInputSchema);
    if (!data) return;
    create.mutate(data, { onSuccess: () => setSent(true), onError: (err) => form.fail(err, fieldFor) });
  };

  if (sent) {
    return (
      <FormThanks
        id={id}
        className="request-form request-sent"
        message={REQUEST_TEXTS.requestThanks}
        action={REQUEST_TEXTS.requestAnother}
        onAction={() => {
          form.reset({ query: '', link: '' });
          create.reset();
          setSent(false);
        }}
      />
    );
  }

  return (
    <form id={id} className="request-form" onSubmit={submit} noValidate aria-label={REQUEST_TEXTS.requestIntro}>
      <TextField
        label={REQUEST_TEXTS.queryLabel}
        {...form.field('query')}
        maxLength={REQUEST_QUERY_MAX_LENGTH}
        required
        autoComplete="off"
      />
      <TextField
        label={REQUEST_TEXTS.linkLabel}
        type="url"
        inputMode="url"
        hint={REQUEST_TEXTS.linkHint}
        {...form.field('link')}
        maxLength={REQUEST_LINK_MAX_LENGTH}
        autoComplete="off"
      />
      <FormFailure message={form.errors.form ?? null} />
      <button type="submit" className="button button-primary" disabled={create.isPending}>
        {create.isPending ? REQUEST_TEXTS.sending : REQUEST_TEXTS.send}
      </button>
    </form>
  );
}
