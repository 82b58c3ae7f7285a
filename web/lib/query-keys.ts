// The keys of the answers every page may be rendered with (app.tsx's seedQueries puts them in the query cache before
// hydrating), apart from the hooks that read them: the first bundle carries the keys, not the hooks' code.

/** The enabled agents; every rendered page seeds them (InitialData.agents), so BUY has its agent at first paint. */
export const agentsQueryKey = ['agents'] as const;
export const categoriesQueryKey = ['categories'] as const;
export const currenciesQueryKey = ['currencies'] as const;
