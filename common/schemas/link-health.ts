import { z } from 'zod';
import { LINK_FILTERS } from '../link-health';
import { pageField } from './paging';
import { apiSchemas } from './registry';

export const linkHealthQuerySchema = z.object({
  page: pageField,
  filter: z
    .enum(LINK_FILTERS, { error: `filter must be one of ${LINK_FILTERS.join(', ')}` })
    .default('all')
    .describe('Which failing products: all, gone links, no answer, broken pictures'),
});
export type LinkHealthQuery = z.infer<typeof linkHealthQuerySchema>;

export const failingLinkSchema = z
  .object({
    id: z.string(),
    number: z.number().int(),
    title: z.string(),
    path: z.string(),
    link: z.string().nullable(),
    linkState: z
      .enum(['ok', 'unavailable', 'hidden'])
      .describe('What the storefront shows: ok, "may be unavailable", or hidden from the finder'),
    pictureBroken: z.boolean(),
    checkedAt: z.string().nullable(),
    answer: z.enum(['live', 'gone', 'unknown']).nullable().describe("The last check's answer; null when only the picture was checked"),
    status: z.number().int().nullable().describe('The HTTP status the marketplace answered; null without one'),
    finalUrl: z.string().nullable().describe('Where the redirects ended'),
    error: z.string().nullable().describe('Why it was read as gone or unknown'),
    goneCount: z.number().int().describe('Gone answers in a row'),
    pictureAnswer: z.enum(['fine', 'refetched', 'broken', 'unknown']).nullable(),
    reportedAt: z.string().nullable().describe('A visitor reported the link, and the check is waiting at the front'),
    markedFineAt: z.string().nullable(),
    markedFineBy: z.string().nullable(),
  })
  .register(apiSchemas, { id: 'FailingLink' });
export type FailingLink = z.infer<typeof failingLinkSchema>;

export const linkHealthOverviewSchema = z
  .object({
    counts: z.object({
      fine: z.number().int(),
      unavailable: z.number().int(),
      hidden: z.number().int(),
      unknown: z.number().int(),
      never: z.number().int(),
      pictures: z.number().int().describe('Products whose picture is broken (the placeholder is shown)'),
      noPicture: z.number().int().describe('Products without a picture: none given, or not fetched (the placeholder is shown)'),
      noLink: z.number().int().describe('Products without a buy link'),
    }),
    settings: z.object({ perHostPerMinute: z.number().int(), perDay: z.number().int(), hideAfterGone: z.number().int() }),
    items: z.array(failingLinkSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  })
  .register(apiSchemas, { id: 'LinkHealthOverview' });
export type LinkHealthOverview = z.infer<typeof linkHealthOverviewSchema>;

export const linkActionSchema = z.object({ ok: z.literal(true) }).register(apiSchemas, { id: 'LinkAction' });
