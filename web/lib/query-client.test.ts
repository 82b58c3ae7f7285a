import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';

/** A server whose answers the test lets go one at a time: each read sees the state as it was when it arrived. */
function slowServer() {
  let state = ['old picture'];
  const waiting: Array<() => void> = [];
  return {
    change: () => (state = [...state, 'new picture']),
    read: () => {
      const answer = state;
      return new Promise<string[]>((resolve) => waiting.push(() => resolve(answer)));
    },
    answerAll: () => waiting.splice(0).forEach((answer) => answer()),
    get waiting() {
      return waiting.length;
    },
  };
}

/** The gallery on screen, its first read on its way; a change lands and invalidates it; then every read answers. */
async function changeDuringFirstRead(client: QueryClient, options?: { cancelRefetch?: boolean }) {
  const server = slowServer();
  const observer = new QueryObserver(client, { queryKey: ['admin', 'images'], queryFn: server.read, staleTime: 60_000 });
  const unsubscribe = observer.subscribe(() => undefined);
  await Promise.resolve();
  expect(server.waiting).toBe(1);
  server.change();
  const invalidated = client.invalidateQueries({ queryKey: ['admin'] }, options);
  for (let i = 0; i < 5; i++) {
    await new Promise((r) => setTimeout(r, 0));
    server.answerAll();
  }
  await invalidated;
  await client.getQueryCache().find({ queryKey: ['admin', 'images'] })?.promise;
  unsubscribe();
  return observer.getCurrentResult().data;
}

describe('the query client', () => {
  const clients: QueryClient[] = [];
  const make = (client: QueryClient) => (clients.push(client), client);
  afterEach(() => clients.splice(0).forEach((c) => c.clear()));

  it('reads again a first read that was on its way when a change invalidated it', async () => {
    expect(await changeDuringFirstRead(make(createQueryClient()))).toEqual(['old picture', 'new picture']);
  });

  it("keeps it when the caller asks not to cancel, and TanStack Query's own client keeps it always (the bug worked around)", async () => {
    expect(await changeDuringFirstRead(make(createQueryClient()), { cancelRefetch: false })).toEqual(['old picture']);
    expect(await changeDuringFirstRead(make(new QueryClient()))).toEqual(['old picture']);
  });

  it('leaves alone the first reads the invalidation does not name', async () => {
    const client = make(createQueryClient());
    const reads: string[] = [];
    const server = slowServer();
    const watch = (key: string) =>
      new QueryObserver(client, { queryKey: [key, 'list'], queryFn: () => (reads.push(key), server.read()) }).subscribe(() => undefined);
    const stop = [watch('admin'), watch('finder')];
    await Promise.resolve();
    const invalidated = client.invalidateQueries({ queryKey: ['admin'] });
    await new Promise((r) => setTimeout(r, 0));
    expect(reads).toEqual(['admin', 'finder', 'admin']);
    server.answerAll();
    await invalidated;
    stop.forEach((unsubscribe) => unsubscribe());
  });
});
