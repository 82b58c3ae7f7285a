import { useState, type FormEvent } from 'react';
import { z } from 'zod';
import { AGENT_TEXTS } from '../../../../common/texts/agents';
import { AGENT_LIMITS } from '../../../../common/agents';
import { promoInputSchema, type AdminAgent } from '../../../../common/schemas/agent';
import { Dialog, DialogFormActions } from '../../../components/ui/dialog';
import { FormFailure } from '../../../components/ui/form-failure';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { useForm } from '../../../lib/use-form';
import { useSetAgentPromo } from '../api/set-agent-promo';

const FIELD_ORDER = ['text', 'code', 'link', 'startsAt', 'endsAt'] as const;
type PromoDraft = { text: string; code: string; link: string; startsAt: string; endsAt: string };

const DAY_MS = 86_400_000;

/** An instant as a datetime-local field shows it: the admin's own clock, to the minute. */
export function localInput(iso: string | number): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value (the admin's clock) as the API's instant; what cannot be read is sent as typed (refused). */
function instant(value: string): string {
  const t = new Date(value).getTime();
  return Number.isNaN(t) ? value : new Date(t).toISOString();
}

/** The shared input schema over the form's draft: the times read in the admin's time zone. */
const draftSchema = z.preprocess((draft) => {
  const d = draft as PromoDraft;
  return { ...d, startsAt: instant(d.startsAt), endsAt: instant(d.endsAt) };
}, promoInputSchema);

/** Sets, changes or removes an agent's promotion (issue 29). */
export function AgentPromoDialog({ agent, onClose }: { agent: AdminAgent; onClose: () => void }) {
  const toast = useToast();
  const save = useSetAgentPromo();
  const promo = agent.promo;
  const [now] = useState(() => Date.now());
  const form = useForm<PromoDraft>(FIELD_ORDER, {
    text: promo?.text ?? '',
    code: promo?.code ?? '',
    link: promo?.link ?? '',
    startsAt: localInput(promo?.startsAt ?? now),
    endsAt: localInput(promo?.endsAt ?? now + 7 * DAY_MS),
  });
  const errors = form.errors as Record<string, string | undefined>;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const data = form.validate(draftSchema);
    if (!data) return;
    save.mutate(
      { id: agent.id, promo: data },
      {
        onSuccess: () => {
          toast(AGENT_TEXTS.promoSaved(agent.name), 'success');
          onClose();
        },
        onError: (err) =>
          form.fail(
            err,
            (message) => (/^(text|code|link|startsAt|endsAt):/.exec(message)?.[1] as keyof PromoDraft | undefined) ?? undefined,
          ),
      },
    );
  };
  const remove = () =>
    save.mutate(
      { id: agent.id, promo: null },
      {
        onSuccess: () => {
          toast(AGENT_TEXTS.promoRemoved(agent.name), 'success');
          onClose();
        },
        onError: (err) => form.fail(err),
      },
    );

  return (
    <Dialog title={AGENT_TEXTS.promoTitle(agent.name)} onClose={onClose} busy={save.isPending}>
      <form className="dialog-form agent-form" onSubmit={submit} noValidate>
        <p className="field-hint">{AGENT_TEXTS.promoIntro}</p>
        <FormFailure message={errors.form ?? null} />
        <TextField
          label={AGENT_TEXTS.promoText}
          hint={AGENT_TEXTS.promoTextHint}
          {...form.field('text')}
          required
          maxLength={AGENT_LIMITS.promoText}
          autoFocus
        />
        <TextField label={AGENT_TEXTS.promoCode} {...form.field('code')} maxLength={AGENT_LIMITS.promoCode} spellCheck={false} />
        <TextField
          label={AGENT_TEXTS.promoLink}
          {...form.field('link')}
          maxLength={AGENT_LIMITS.promoLink}
          inputMode="url"
          spellCheck={false}
        />
        <TextField label={AGENT_TEXTS.promoStarts} type="datetime-local" {...form.field('startsAt')} required />
        <TextField
          label={AGENT_TEXTS.promoEnds}
          type="datetime-local"
          hint={AGENT_TEXTS.promoTimesHint}
          {...form.field('endsAt')}
          required
        />
        {promo && (
          <button type="button" className="button button-danger-ghost" onClick={remove} disabled={save.isPending}>
            {AGENT_TEXTS.promoRemove}
          </button>
        )}
        <DialogFormActions onCancel={onClose} busy={save.isPending} submitLabel={AGENT_TEXTS.save} />
      </form>
    </Dialog>
  );
}
