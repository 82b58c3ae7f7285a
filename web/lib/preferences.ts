import { useEffect } from 'react';
import { apiGet, apiPut } from './api-client';
import { browserStore } from './browser-store';
import { useSession } from './session';

/**
 * The visitor's remembered agent and display currency (issue 16): kept in this browser for everyone, and on the
 * account when signed in (`/api/me/preferences`). The server renders with nothing chosen (the default agent, the
 * base currency) and so does hydration; the browser's choice shows right after, without a hydration mismatch.
 * No zod here: this is in the storefront's first bundle, and the server checks what it is sent.
 */
export type Preferences = { agent: string | null; currency: string | null };
export type PreferenceKey = keyof Preferences;

const NONE: Preferences = { agent: null, currency: null };
/** Set while a person is signed in, so a choice is saved to their account too. */
let signedIn = false;

const text = (value: unknown) => (typeof value === 'string' && value ? value : null);

const kept = browserStore<Preferences>(
  'finder_prefs',
  (stored) => {
    const value = JSON.parse(stored ?? 'null') as Partial<Preferences> | null;
    return value ? { agent: text(value.agent), currency: text(value.currency) } : NONE;
  },
  NONE,
);

/** The visitor's choices; nulls during the server render and hydration. */
export function usePreferences(): Preferences {
  return kept.use();
}

/** Remembers a choice in this browser (every tab follows) and, when signed in, on the account. */
export function setPreference(key: PreferenceKey, value: string | null): void {
  kept.write({ ...kept.read(), [key]: value });
  if (signedIn) void apiPut('/api/me/preferences', { [key]: value }).catch(() => undefined);
}

/** At sign-in: the account's values win where it has them; the browser's fill in (and are saved to the account). */
export function mergePreferences(account: Preferences, local: Preferences): { merged: Preferences; toAccount: Partial<Preferences> } {
  const toAccount: Partial<Preferences> = {};
  if (!account.agent && local.agent) toAccount.agent = local.agent;
  if (!account.currency && local.currency) toAccount.currency = local.currency;
  return { merged: { agent: account.agent ?? local.agent, currency: account.currency ?? local.currency }, toAccount };
}

/**
 * Keeps the browser's and the account's choices together: at sign-in the account's values win where it has them,
 * and the browser's fill in where it has none (and are saved to it). Mounted once, app-wide.
 */
export function usePreferencesSync(): void {
  const session = useSession();
  const userId = session.user?.id ?? null;
  useEffect(() => {
    signedIn = userId !== null;
    if (!userId) return;
    let live = true;
    void apiGet<Preferences>('/api/me/preferences')
      .then((account) => {
        if (!live) return;
        const local = kept.read();
        const { merged, toAccount } = mergePreferences(account, local);
        if (merged.agent !== local.agent || merged.currency !== local.currency) kept.write(merged);
        // One field a request: the server refuses a choice it no longer offers (an agent since removed, say), and
        // that refusal must not keep the other choice from being saved.
        for (const [key, value] of Object.entries(toAccount)) void apiPut('/api/me/preferences', { [key]: value }).catch(() => undefined);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [userId]);
}
