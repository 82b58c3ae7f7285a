import { z } from 'zod';
import { SOURCE_PLATFORMS, TEMPLATE_PLACEHOLDERS } from '../agent-templates';
import { AGENT_LIMITS } from '../agents';
import { isHttpUrl, optionalText, plainText } from './fields';
import { apiSchemas } from './registry';

/**
 * An agent's promotion as the storefront shows it (issue 29): only while it runs, decided by the server for each
 * answer; `endsAt` lets a page left open hide it at the end by itself.
 */
export const publicPromoSchema = z
  .object({
    text: z.string().describe('What the promotion gives, as visitors read it'),
    code: z.string().nullable().describe('The coupon code visitors copy; null: none'),
    link: z.string().nullable().describe("The promotion's page at the agent (http(s)); null: none"),
    endsAt: z.string().describe('When it ends (ISO 8601); it is not shown from then on'),
  })
  .register(apiSchemas, { id: 'AgentPromo' });
export type PublicPromo = z.infer<typeof publicPromoSchema>;

/** Where a promotion stands at the time of the answer. */
export const PROMO_STATES = ['scheduled', 'running', 'ended'] as const;
export type PromoState = (typeof PROMO_STATES)[number];

export const adminPromoSchema = publicPromoSchema
  .extend({
    startsAt: z.string().describe('When it starts (ISO 8601)'),
    state: z.enum(PROMO_STATES).describe('scheduled (not started), running or ended, at the time of the answer'),
  })
  .register(apiSchemas, { id: 'AdminAgentPromo' });
export type AdminPromo = z.infer<typeof adminPromoSchema>;

/** An agent as the storefront reads it: enough to build its links and to offer it in the pickers. */
export const publicAgentSchema = z
  .object({
    slug: z.string().describe("The agent's key: visitors' choices and outbound clicks name it"),
    name: z.string(),
    template: z.string().describe('Link template: an http(s) address with {url}, {id}, {platform} and {ref}'),
    platformCodes: z.record(z.string(), z.string()).describe("The agent's own spelling of each marketplace, for {platform}"),
    referralCode: z.string().describe('Our referral code at this agent, for {ref}; blank for none'),
    isDefault: z.boolean().describe('The agent BUY uses for a visitor who has not chosen one'),
    promo: publicPromoSchema.nullable().describe("The agent's promotion running now; null: none (or not now)"),
  })
  .register(apiSchemas, { id: 'Agent' });
export type PublicAgent = z.infer<typeof publicAgentSchema>;

export const agentListSchema = z
  .object({ items: z.array(publicAgentSchema).describe('Enabled agents in the order the operator set') })
  .register(apiSchemas, { id: 'AgentList' });
export type AgentList = z.infer<typeof agentListSchema>;

export const adminAgentSchema = publicAgentSchema
  .extend({
    id: z.string(),
    enabled: z.boolean().describe('Offered to visitors'),
    position: z.number().int().describe('Place in the list, ascending'),
    createdAt: z.string(),
    updatedAt: z.string(),
    promo: adminPromoSchema.nullable().describe("The agent's promotion, whether it runs now or not; null: none"),
  })
  .register(apiSchemas, { id: 'AdminAgent' });
export type AdminAgent = z.infer<typeof adminAgentSchema>;

export const adminAgentListSchema = z.object({ items: z.array(adminAgentSchema) }).register(apiSchemas, { id: 'AdminAgentList' });
export type AdminAgentList = z.infer<typeof adminAgentListSchema>;

const SLUG = /^[a-z0-9][a-z0-9-]*$/;
const PLATFORM_CODE = /^[A-Za-z0-9_.-]*$/;
const PLACEHOLDER = /\{[^{}]*\}/g;

/** The template's problem, or null: http(s), {url} or {id} in it, and no placeholder we do not fill. */
export function templateProblem(template: string): string | null {
  const unknown = (template.match(PLACEHOLDER) ?? []).find((p) => !(TEMPLATE_PLACEHOLDERS as readonly string[]).includes(p));
  if (unknown) return `Link template: ${unknown} is no placeholder; use ${TEMPLATE_PLACEHOLDERS.join(', ')}`;
  if (!template.includes('{url}') && !template.includes('{id}'))
    return 'Link template must contain {url} or {id}, or it cannot name the item';
  if (!isHttpUrl(template.replace(PLACEHOLDER, 'x')))
    return 'Link template must be an http(s) address such as https://agent.example/item?url={url}';
  return null;
}

/** Add and edit: every field as the Agents tab's form sends it. */
export const agentInputSchema = z
  .object({
    slug: z
      .string({ error: 'Slug is required' })
      .trim()
      .min(1, 'Slug is required')
      .max(AGENT_LIMITS.slug, `Slug must be at most ${AGENT_LIMITS.slug} characters`)
      .regex(SLUG, 'Slug may hold lower-case letters, digits and dashes, starting with a letter or digit')
      .describe('Lower-case letters, digits and dashes; unique'),
    name: z
      .string({ error: 'Name is required' })
      .trim()
      .min(1, 'Name is required')
      .max(AGENT_LIMITS.name, `Name must be at most ${AGENT_LIMITS.name} characters`)
      .refine(...plainText('Name')),
    template: z
      .string({ error: 'Link template is required' })
      .trim()
      .min(1, 'Link template is required')
      .max(AGENT_LIMITS.template, `Link template must be at most ${AGENT_LIMITS.template} characters`)
      .refine(...plainText('Link template'))
      .superRefine((value, ctx) => {
        const problem = templateProblem(value);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .describe('An http(s) address with {url} (the marketplace link, encoded) or {id}; {platform} and {ref} optional'),
    platformCodes: z
      .record(
        z.string(),
        z
          .string()
          .trim()
          .max(AGENT_LIMITS.platformCode, `A marketplace code must be at most ${AGENT_LIMITS.platformCode} characters`)
          .regex(PLATFORM_CODE, 'A marketplace code may hold letters, digits, dots, dashes and underscores'),
      )
      .refine((codes) => Object.keys(codes).every((k) => (SOURCE_PLATFORMS as readonly string[]).includes(k)), {
        message: `Marketplace codes are for ${SOURCE_PLATFORMS.join(', ')}`,
      })
      .optional()
      .transform((v): Record<string, string> => ({ ...v }))
      .describe("The agent's code per marketplace for {platform} (blank allowed); a marketplace left out is written as ours"),
    referralCode: z
      .string()
      .trim()
      .max(AGENT_LIMITS.referralCode, `Referral code must be at most ${AGENT_LIMITS.referralCode} characters`)
      .refine(...plainText('Referral code'))
      .nullish()
      .transform((v) => v ?? ''),
    enabled: z
      .boolean({ error: 'enabled must be true or false' })
      .optional()
      .transform((v) => v ?? true),
    isDefault: z
      .boolean({ error: 'isDefault must be true or false' })
      .optional()
      .transform((v) => v ?? false)
      .describe('Make this the default agent (the one before loses it)'),
  })
  .superRefine((input, ctx) => {
    if (input.isDefault && !input.enabled) {
      ctx.addIssue({ code: 'custom', path: ['enabled'], message: 'The default agent must be enabled' });
    }
  });
export type AgentInput = z.output<typeof agentInputSchema>;
export type AgentInputDraft = z.input<typeof agentInputSchema>;

/** The new order: every agent's id, first to last. */
export const agentOrderSchema = z.object({
  ids: z
    .array(z.uuid('ids must be agent ids'), { error: 'ids must be a list of agent ids' })
    .min(1, 'ids must name every agent')
    .max(AGENT_LIMITS.count, `ids may name at most ${AGENT_LIMITS.count} agents`)
    .refine((ids) => new Set(ids).size === ids.length, 'ids must name each agent once'),
});
export type AgentOrder = z.infer<typeof agentOrderSchema>;

/** A moment as the promo form and the API send it: ISO 8601 with its offset (or Z). */
function moment(name: 'Start' | 'End') {
  return z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .refine((v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/.test(v) && !Number.isNaN(Date.parse(v)), {
      message: `${name} must be a date and time such as 2026-12-01T09:00:00Z`,
    })
    .transform((v) => new Date(v).toISOString());
}

/** PUT /api/admin/agents/{id}/promo: the agent's promotion, replacing the one it had. */
export const promoInputSchema = z
  .object({
    text: z
      .string({ error: 'Promotion text is required' })
      .trim()
      .min(1, 'Promotion text is required')
      .max(AGENT_LIMITS.promoText, `Promotion text must be at most ${AGENT_LIMITS.promoText} characters`)
      .refine(...plainText('Promotion text'))
      .describe('What the promotion gives: "$20 off your first haul", "Free shipping insurance"'),
    code: optionalText('Code', AGENT_LIMITS.promoCode, `Code must be at most ${AGENT_LIMITS.promoCode} characters`).describe(
      'The coupon code visitors copy; blank or null: none',
    ),
    link: z
      .string()
      .trim()
      .max(AGENT_LIMITS.promoLink, `Link must be at most ${AGENT_LIMITS.promoLink} characters`)
      .refine((v) => v === '' || isHttpUrl(v), 'Link must be an http(s) address such as https://agent.example/promo')
      .nullish()
      .transform((v) => (v ? v : null))
      .describe("The promotion's page at the agent; blank or null: none"),
    startsAt: moment('Start').describe('When it starts (ISO 8601 with offset)'),
    endsAt: moment('End').describe('When it ends (ISO 8601 with offset); after the start'),
  })
  .superRefine((input, ctx) => {
    if (Date.parse(input.endsAt) <= Date.parse(input.startsAt)) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'End must be after the start' });
    }
  });
export type PromoInput = z.output<typeof promoInputSchema>;
export type PromoInputDraft = z.input<typeof promoInputSchema>;
