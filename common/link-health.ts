// Link health (issue 29, decision 0067): the dashboard's page size and filters. Its words are in
// texts/link-health.ts.

export const LINK_HEALTH_PAGE_SIZE = 20;

export const LINK_FILTERS = ['all', 'gone', 'unknown', 'pictures'] as const;
export type LinkFilter = (typeof LINK_FILTERS)[number];
