import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for published spreadsheets (a sheet's "publish to the web" CSV address) on a local port: each path
 * answers what `published` holds for it now, as text/csv, or 404. The synced-sheet tests change the map between syncs.
 */
export async function startPublishedSheets(published: ReadonlyMap<string, string>): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const body = published.get(req.url ?? '');
    if (body === undefined) res.writeHead(404).end('missing');
    else res.writeHead(200, { 'content-type': 'text/csv' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
