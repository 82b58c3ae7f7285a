import { z } from 'zod';
import { SOURCE_PLATFORMS } from '../agent-templates';
import { ANALYTICS_DEFAULT_RANGE_DAYS, ANALYTICS_MAX_RANGE_DAYS } from '../analytics-constants';
import { apiSchemas } from './registry';

export const ANALYTICS_EVENT_KINDS = ['click', 'view', 'product-view', 'promo', 'convert-click', 'agent-promo'] as const;
export type AnalyticsEventKind = (typeof ANALYTICS_EVENT_KINDS)[number];
/** Where an outbound click came from: a card's BUY, a card's image, or the product page's BUY. */
export const CLICK_SOURCES = ['buy', 'image', 'page'] as const;
export type ClickSource = (typeof CLICK_SOURCES)[number];
/** The referral buttons that earn: Sign Up (with the referral), Join, Copy code. */
export const PROMO_SOURCES = ['signup', 'join', 'copy-code'] as const;
export type PromoSource = (typeof PROMO_SOURCES)[number];
/** What a visitor did with an agent's promotion (issue 29): opened its link or copied its code. */
export const AGENT_PROMO_SOURCES = ['link', 'copy-code'] as const;
export type AgentPromoSource = (typeof AGENT_PROMO_SOURCES)[number];
/** An agent's slug, as the Agents tab keeps it. */
export const ANALYTICS_AGENT_PATTERN = /^[a-z0-9][a-z0-9-]*$/;
export const ANALYTICS_AGENT_MAX = 40;

const productIdField = z.uuid({ message: 'productId must be a product id' });
const agentField = z
  .string({ message: 'agent must be an agent slug' })
  .max(ANALYTICS_AGENT_MAX, { message: `agent must be at most ${ANALYTICS_AGENT_MAX} characters` })
  .regex(ANALYTICS_AGENT_PATTERN, { message: 'agent must be an agent slug (lower-case letters, digits and dashes)' });

/**
 * What the storefront sends: an outbound click on a product (through an agent, or the plain store link when `agent`
 * is left out), a product page view, a referral button click, or a view of the finder page. Nothing else.
 */
export const analyticsEventSchema = z
  .discriminatedUnion(
    'kind',
    [
      z.object({
        kind: z.literal('click'),
        productId: productIdField,
        source: z.enum(CLICK_SOURCES, { message: "source must be 'buy', 'image' or 'page'" }),
        agent: z
          .string({ message: 'agent must be an agent slug' })
          .max(ANALYTICS_AGENT_MAX, { message: `agent must be at most ${ANALYTICS_AGENT_MAX} characters` })
          .regex(ANALYTICS_AGENT_PATTERN, { message: 'agent must be an agent slug (lower-case letters, digits and dashes)' })
          .optional()
          .describe('The agent BUY went to (its slug); left out for the plain store link'),
      }),
      z.object({ kind: z.literal('product-view'), productId: productIdField }),
      z.object({
        kind: z.literal('promo'),
        source: z.enum(PROMO_SOURCES, { message: "source must be 'signup', 'join' or 'copy-code'" }),
      }),
      z.object({ kind: z.literal('view') }),
      z.object({
        kind: z.literal('convert-click'),
        agent: agentField.describe('The agent whose link the converter made'),
        platform: z.enum(SOURCE_PLATFORMS, { message: `platform must be one of ${SOURCE_PLATFORMS.join(', ')}` }),
        itemId: z
          .string({ message: 'itemId must be an item id' })
          .regex(/^\d{5,20}$/, { message: 'itemId must be the digits of an item id' }),
      }),
      z.object({
        kind: z.literal('agent-promo'),
        agent: agentField.describe('The agent whose promotion it was'),
        source: z.enum(AGENT_PROMO_SOURCES, { message: "source must be 'link' or 'copy-code'" }),
      }),
    ],
    { message: "kind must be 'click', 'product-view', 'promo', 'view', 'convert-click' or 'agent-promo'" },
  )
  .register(apiSchemas, { id: 'AnalyticsEvent' });
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

// ---- Dates: whole UTC days written YYYY-MM-DD ----

const DAY_MS = 24 * 60 * 60 * 1000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar date written YYYY-MM-DD (2025-02-30 is not one). */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both counted: the same day is 1. */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** The range of `days` days ending today (UTC). */
export function lastDays(days: number, now: Date = new Date()): { from: string; to: string } {
  const to = todayUtc(now);
  return { from: addDays(to, -(days - 1)), to };
}

function dateField(name: 'From' | 'To') {
  return z
    .string({ message: `${name} must be a date` })
    .trim()
    .refine(isIsoDate, { message: `${name} must be a real date written YYYY-MM-DD` });
}

type RangeIssue = { path: 'from' | 'to'; message: string };

/** The rules a range must follow, for the form and the API alike. */
export function rangeIssue(from: string, to: string): RangeIssue | null {
  if (from > to) return { path: 'to', message: 'To must be on or after From' };
  if (daysInRange(from, to) > ANALYTICS_MAX_RANGE_DAYS) {
    return { path: 'to', message: `The period can be at most ${ANALYTICS_MAX_RANGE_DAYS} days` };
  }
  return null;
}

/** The tab's two date fields: both required. */
export const analyticsRangeSchema = z.object({ from: dateField('From'), to: dateField('To') }).superRefine((range, ctx) => {
  const issue = rangeIssue(range.from, range.to);
  if (issue) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
});
export type AnalyticsRange = z.infer<typeof analyticsRangeSchema>;

/**
 * GET /api/admin/analytics: either date may be left out; `to` defaults to today (UTC) and `from` to
 * ANALYTICS_DEFAULT_RANGE_DAYS days ending at `to`.
 */
export const analyticsQuerySchema = z
  .object({
    from: dateField('From').optional().describe('First day (UTC), YYYY-MM-DD; default: 29 days before `to`'),
    to: dateField('To').optional().describe('Last day (UTC), YYYY-MM-DD, counted in full; default: today'),
  })
  .transform((query, ctx): AnalyticsRange => {
    const to = query.to ?? (query.from && query.from > todayUtc() ? query.from : todayUtc());
    const from = query.from ?? addDays(to, -(ANALYTICS_DEFAULT_RANGE_DAYS - 1));
    const issue = rangeIssue(from, to);
    if (issue) {
      ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
      return z.NEVER;
    }
    return { from, to };
  });

// ---- The figures the tab shows ----

const count = z.number().int().min(0);
const rate = z
  .number()
  .min(0)
  .nullable()
  .describe('Clicks per product view, from 0 to 1 (a click is counted only with a product view); null without views');

const periodTotalsSchema = z.object({
  from: z.string().describe('First day of the period (UTC)'),
  to: z.string().describe('Last day of the period (UTC)'),
  clicks: count.describe('Outbound clicks: each visitor counted once per product and day'),
  productViews: count.describe('Product views: each visitor counted once per product and day; a click implies one'),
  clickThroughRate: rate,
  visitors: count.describe(
    "Unique visitors of each day, added up over the period's days (a visitor is not recognised from one day to the next)",
  ),
  finderViews: count.describe('Finder page views (a repeat within 30 s is not counted)'),
  promo: z
    .object({ signup: count, join: count, copyCode: count })
    .describe('Referral button clicks: each visitor counted once per button and day'),
});
export type AnalyticsPeriodTotals = z.infer<typeof periodTotalsSchema>;

export const analyticsSummarySchema = z
  .object({
    from: z.string().describe('First day of the period (UTC)'),
    to: z.string().describe('Last day of the period (UTC)'),
    totals: periodTotalsSchema.describe('The period asked for'),
    previous: periodTotalsSchema.describe('The period of equal length that ends the day before `from`'),
    agents: z
      .array(
        z.object({
          agent: z.string().nullable().describe("The agent's slug; null: the plain store link (no agent)"),
          name: z.string().nullable().describe("The agent's name now; null for the store link and agents removed since"),
          clicks: count,
        }),
      )
      .describe('Outbound clicks per agent in the period, most first'),
    agentActivity: z
      .array(
        z.object({
          agent: z.string().describe("The agent's slug"),
          name: z.string().nullable().describe("The agent's name now; null for agents removed since"),
          converterClicks: count.describe("Clicks on the link converter's links to this agent: each visitor once per item and day"),
          promoLinks: count.describe("Clicks on the agent's promotion link: each visitor once a day"),
          promoCodes: count.describe("Copies of the agent's promotion code: each visitor once a day"),
        }),
      )
      .describe("The link converter's clicks and the agents' promotions per agent in the period, most first"),
    days: z
      .array(z.object({ date: z.string(), clicks: count, productViews: count, visitors: count, finderViews: count }))
      .describe('Every day of the period in order, days without events included with zeros'),
    topProducts: z
      .array(
        z.object({
          productId: z.string().nullable().describe('null: the products deleted since, together'),
          title: z.string().nullable(),
          category: z.string().nullable().describe("The product's category now"),
          clicks: count,
          productViews: count,
          clickThroughRate: rate,
        }),
      )
      .describe('The most clicked products (then the most viewed), most first'),
    categories: z
      .array(
        z.object({
          category: z.string().nullable().describe('null: products without a category, or the deleted products'),
          deleted: z.boolean().describe('The row of products deleted since'),
          clicks: count,
          productViews: count,
          clickThroughRate: rate,
        }),
      )
      .describe("Clicks and product views by the products' category as it is now; every category of the list shows"),
    distribution: z
      .array(z.object({ category: z.string().nullable().describe('null: products without a category'), products: count }))
      .describe('How many products each category holds now, most first'),
  })
  .register(apiSchemas, { id: 'AnalyticsSummary' });
export type AnalyticsSummary = z.infer<typeof analyticsSummarySchema>;
