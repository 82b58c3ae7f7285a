import { useId, type FormEvent } from 'react';
import { z } from 'zod';
import { buildAgentLink, marketplaceUrl, PLATFORM_NAMES, SOURCE_PLATFORMS, type SourcePlatform } from '../../../../common/agent-links';
import { AGENT_TEXTS } from '../../../../common/texts/agents';
import { AGENT_LIMITS, AGENT_PREVIEW_ITEM } from '../../../../common/agents';
import { agentInputSchema, templateProblem, type AdminAgent } from '../../../../common/schemas/agent';
import { Dialog, DialogFormActions } from '../../../components/ui/dialog';
import { FormFailure } from '../../../components/ui/form-failure';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { useForm } from '../../../lib/use-form';
import { useSaveAgent } from '../api/save-agent';

type CodeField = `code_${SourcePlatform}`;
const CODE_FIELDS = SOURCE_PLATFORMS.map((p) => `code_${p}` as CodeField);
const FIELD_ORDER = ['name', 'slug', 'template', ...CODE_FIELDS, 'referralCode', 'enabled', 'isDefault'] as const;

type AgentDraft = {
  name: string;
  slug: string;
  template: string;
  referralCode: string;
  enabled: boolean;
  isDefault: boolean;
} & Record<CodeField, string>;

/** The form's flat draft as the API's input: the marketplace codes as one object. */
function inputOf(draft: AgentDraft) {
  const { name, slug, template, referralCode, enabled, isDefault } = draft;
  const platformCodes = Object.fromEntries(SOURCE_PLATFORMS.map((p) => [p, draft[`code_${p}`]]));
  return { name, slug, template, referralCode, enabled, isDefault, platformCodes };
}

/** The shared input schema over the flat draft: its messages land under the draft's fields. */
const draftSchema = z.preprocess((draft) => inputOf(draft as AgentDraft), agentInputSchema);

const slugFrom = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, AGENT_LIMITS.slug);

/** The link the template builds for the sample item, or null while the template cannot build one. */
export function previewLink(draft: AgentDraft): string | null {
  const template = draft.template.trim();
  if (!template || templateProblem(template)) return null;
  const { platformCodes, referralCode } = inputOf(draft);
  return buildAgentLink({ template, platformCodes, referralCode }, AGENT_PREVIEW_ITEM);
}

/** Add and edit an agent, with a live preview of its link to a sample item. */
export function AgentFormDialog({ agent, onClose }: { agent: AdminAgent | null; onClose: () => void }) {
  const toast = useToast();
  const save = useSaveAgent();
  const previewId = useId();
  const form = useForm<AgentDraft>(FIELD_ORDER, {
    name: agent?.name ?? '',
    slug: agent?.slug ?? '',
    template: agent?.template ?? '',
    referralCode: agent?.referralCode ?? '',
    enabled: agent?.enabled ?? true,
    isDefault: agent?.isDefault ?? false,
    // A code left out is written as our name: the form shows what {platform} becomes.
    ...(Object.fromEntries(SOURCE_PLATFORMS.map((p) => [`code_${p}`, agent?.platformCodes[p] ?? p])) as Record<CodeField, string>),
  });
  const wasDefault = agent?.isDefault ?? false;
  const errors = form.errors as Record<string, string | undefined>;
  const preview = previewLink(form.values);
  const nameField = form.field('name');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const data = form.validate(draftSchema);
    if (!data) return;
    save.mutate(
      { id: agent?.id ?? null, input: data },
      {
        onSuccess: (saved) => {
          toast(agent ? AGENT_TEXTS.saved(saved.name) : AGENT_TEXTS.added(saved.name), 'success');
          onClose();
        },
        onError: (err) =>
          form.fail(err, (message, status) =>
            status === 409
              ? 'slug'
              : message.startsWith('Link template')
                ? 'template'
                : /default agent/.test(message)
                  ? 'isDefault'
                  : undefined,
          ),
      },
    );
  };

  return (
    <Dialog title={agent ? AGENT_TEXTS.edit(agent.name) : AGENT_TEXTS.addTitle} onClose={onClose} busy={save.isPending}>
      <form className="dialog-form agent-form" onSubmit={submit} noValidate>
        <FormFailure message={errors.form ?? null} />
        <TextField
          label={AGENT_TEXTS.name}
          {...nameField}
          onChange={(e) => {
            nameField.onChange(e);
            // A new agent's slug follows its name until it is typed in itself.
            if (!agent && form.values.slug === slugFrom(form.values.name)) form.set('slug', slugFrom(e.target.value));
          }}
          required
          maxLength={AGENT_LIMITS.name}
          autoFocus
        />
        <TextField label={AGENT_TEXTS.slug} hint={AGENT_TEXTS.slugHint} {...form.field('slug')} required maxLength={AGENT_LIMITS.slug} />
        <TextField
          label={AGENT_TEXTS.template}
          hint={AGENT_TEXTS.templateHint}
          {...form.field('template')}
          required
          maxLength={AGENT_LIMITS.template}
          inputMode="url"
          spellCheck={false}
          aria-controls={previewId}
        />
        <fieldset className="agent-codes">
          <legend>{AGENT_TEXTS.platformCodes}</legend>
          {SOURCE_PLATFORMS.map((p) => (
            <TextField
              key={p}
              label={PLATFORM_NAMES[p]}
              {...form.field(`code_${p}`)}
              maxLength={AGENT_LIMITS.platformCode}
              spellCheck={false}
            />
          ))}
          {errors.platformCodes && <p className="field-error">{errors.platformCodes}</p>}
        </fieldset>
        <TextField
          label={AGENT_TEXTS.referralCode}
          {...form.field('referralCode')}
          maxLength={AGENT_LIMITS.referralCode}
          spellCheck={false}
        />
        <div>
          <label className="checkbox">
            <input type="checkbox" {...form.check('enabled')} disabled={wasDefault} /> {AGENT_TEXTS.enabled}
          </label>
          {errors.enabled && <p className="field-error">{errors.enabled}</p>}
        </div>
        <div>
          <label className="checkbox">
            <input type="checkbox" {...form.check('isDefault')} disabled={wasDefault} /> {AGENT_TEXTS.isDefault}
          </label>
          {wasDefault && <p className="field-hint">{AGENT_TEXTS.defaultHint}</p>}
          {errors.isDefault && <p className="field-error">{errors.isDefault}</p>}
        </div>
        <div className="agent-preview">
          <p className="agent-preview-label">{AGENT_TEXTS.preview}</p>
          <output id={previewId} className="agent-preview-link" aria-live="polite">
            {preview ?? AGENT_TEXTS.previewNone}
          </output>
          <p className="field-hint">{AGENT_TEXTS.previewOf(marketplaceUrl(AGENT_PREVIEW_ITEM))}</p>
        </div>
        <DialogFormActions onCancel={onClose} busy={save.isPending} submitLabel={agent ? AGENT_TEXTS.save : AGENT_TEXTS.add} />
      </form>
    </Dialog>
  );
}
