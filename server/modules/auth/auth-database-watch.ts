import { AsyncLocalStorage } from 'node:async_hooks';
import { databaseFailure, type DatabaseFailure } from '../../db/availability';

/**
 * Some of the auth library's endpoints catch a failed statement themselves and answer with a refusal of their
 * own (sign-up's 422 "failed to create user"), handing the error only to the library's logger. The bridge runs each
 * library request inside a watch; the logger reports what it is given to it; a database failure seen during the
 * request then turns the refusal into the app's 503, as for any other route.
 */
const watch = new AsyncLocalStorage<{ failure: DatabaseFailure | null }>();

export async function watchDatabase<T>(work: () => Promise<T>): Promise<{ result: T; failure: DatabaseFailure | null }> {
  const state: { failure: DatabaseFailure | null } = { failure: null };
  const result = await watch.run(state, work);
  return { result, failure: state.failure };
}

/** Called by the library's logger with whatever it logs. */
export function noteLibraryError(details: readonly unknown[]): void {
  const state = watch.getStore();
  if (!state || state.failure) return;
  for (const detail of details) {
    const failure = databaseFailure(detail);
    if (failure) {
      state.failure = failure;
      return;
    }
  }
}
