/** A shared list under its token: the page's data, seeded from the server's render (web/app/app.tsx). */
export const sharedFavoritesQueryKey = (token: string) => ['favorites', 'shared', token] as const;
