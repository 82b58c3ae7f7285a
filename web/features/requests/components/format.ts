const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function formatWhen(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

/** A long address cut in the middle of a table cell; the whole of it stays in the link's title. */
export function shortLink(link: string, max = 60): string {
  const bare = link.replace(/^https?:\/\//, '');
  return bare.length > max ? `${bare.slice(0, max - 1)}…` : bare;
}
