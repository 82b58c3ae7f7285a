import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { priceLabel, showPrice, type CurrencyCode, type Rates } from '../../../common/currency';
import { DEFAULT_LANG, findLanguage, pathIn, type LangCode } from '../../../common/i18n';
import { SAVED_SEARCH_MAIL_CARDS, SAVED_SEARCHES_MAX, savedSearchPath } from '../../../common/saved-searches';
import { finderQuerySchema, type Product } from '../../../common/schemas/product';
import type { SavedSearch, SavedSearchList } from '../../../common/schemas/saved-search';
import { SAVED_SEARCH_MESSAGES as M, SAVED_SEARCH_TEXTS as T } from '../../../common/texts/saved-searches';
import { AppError } from '../../errors';
import { withLanguage } from '../../i18n';
import type { FinderService } from '../catalogue/finder.service';
import { savedSearchMail, type SavedSearchMailSection } from '../mail/mail-texts';
import type { Mailer } from '../mail/mailer';
import type { DueSearch, SavedSearchesRepo, SavedSearchRow } from './saved-searches.repo';

/** RFC 8058's one-click address (posted to by mail programs) and the page the mail's own links open. */
export const SAVED_SEARCH_UNSUBSCRIBE_PATH = '/api/saved-searches/unsubscribe';
export const SAVED_SEARCH_UNSUBSCRIBE_PAGE_PATH = '/unsubscribe/saved-searches';

/** Accounts read per batch of the mail run: the run's statements stay small, whatever the number of searches. */
export const MAIL_RUN_ACCOUNTS_PER_BATCH = 200;

export type MailRunOutcome = { accounts: number; searches: number; sent: number; failed: number };

type Finder = Pick<FinderService, 'listFinderPage' | 'facets'>;

/** A saved search's finder question with a created-after bound: the finder's own, every word required. */
function finderQuestion(query: string, since: Date, extra: Record<string, string> = {}) {
  const params = Object.fromEntries(new URLSearchParams(query));
  // Every word: a new product with one word of three is no match worth a mail (the finder's partial answer).
  const parsed = finderQuerySchema.safeParse({ ...params, allWords: 'true', since: since.toISOString(), ...extra });
  return parsed.success ? parsed.data : null;
}

/**
 * Saved searches (issue 42, decision 0085): the account's list (at most SAVED_SEARCHES_MAX), what is new in each
 * since it was last opened, and the daily mail of new matches (at most one a day per account for all its searches)
 * with signed one-click unsubscribe links. Without a mail server the mail cannot be turned on and nothing is sent.
 */
export function createSavedSearchesService(deps: {
  repo: SavedSearchesRepo;
  transaction: <T>(work: (repos: { savedSearches: SavedSearchesRepo }) => Promise<T>) => Promise<T>;
  finder: Finder;
  mailer: Mailer | null;
  secret: string;
  origin: string;
  base: CurrencyCode;
  rates?: () => Promise<Rates>;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
}) {
  const { repo, mailer, finder } = deps;
  const available = mailer !== null;

  const signature = (payload: string) =>
    createHmac('sha256', deps.secret).update(`saved-searches:unsubscribe:${payload}`).digest('base64url');
  /** A link's token: the account and what it stops (a search's id, or `all`), signed. */
  const tokenFor = (userId: string, target: string) => {
    const payload = `${userId}:${target}`;
    return `${Buffer.from(payload).toString('base64url')}.${signature(payload)}`;
  };
  function readToken(token: string): { userId: string; target: string } | null {
    const [encoded = '', given = ''] = token.split('.');
    const payload = Buffer.from(encoded, 'base64url').toString('utf8');
    const m = /^([0-9a-f-]{36}):([0-9a-f-]{36}|all)$/.exec(payload);
    if (!m?.[1] || !m[2]) return null;
    const expected = Buffer.from(signature(payload));
    const actual = Buffer.from(given);
    return expected.length === actual.length && timingSafeEqual(expected, actual) ? { userId: m[1], target: m[2] } : null;
  }
  const unsubscribeLinks = (userId: string, target: string) => {
    const token = tokenFor(userId, target);
    return {
      page: `${deps.origin}${SAVED_SEARCH_UNSUBSCRIBE_PAGE_PATH}?token=${token}`,
      oneClick: `${deps.origin}${SAVED_SEARCH_UNSUBSCRIBE_PATH}?token=${token}`,
    };
  };

  /** How many products the search finds that were added after `since` (the finder's facets, from its index). */
  async function countSince(query: string, since: Date): Promise<number> {
    const q = finderQuestion(query, since);
    if (!q) return 0;
    return (await finder.facets(q)).total;
  }

  async function toAnswer(row: SavedSearchRow): Promise<SavedSearch> {
    const since = row.lastOpenedAt ?? row.createdAt;
    const newCount = await countSince(row.query, since);
    return {
      id: row.id,
      name: row.name,
      query: row.query,
      path: savedSearchPath(row.query),
      mail: available && row.mail,
      createdAt: row.createdAt.toISOString(),
      lastOpenedAt: row.lastOpenedAt?.toISOString() ?? null,
      newCount,
      newPath: newCount > 0 ? savedSearchPath(row.query, since.toISOString()) : null,
    };
  }

  type Matches = { items: Product[]; more: boolean };
  /**
   * The new matches of one search after its bound, in the reader's language, newest first. One run asks each
   * question once (`asked`): searches checked in the same run share their bound, so a popular search is one question.
   */
  function newMatches(search: DueSearch, lang: LangCode, asked: Map<string, Promise<Matches>>): Promise<Matches> {
    const key = `${lang} ${search.checkedAt.toISOString()} ${search.query}`;
    let answer = asked.get(key);
    if (!answer) {
      const q = finderQuestion(search.query, search.checkedAt, { sort: 'newest', limit: String(SAVED_SEARCH_MAIL_CARDS), lang });
      answer = q
        ? finder.listFinderPage(q, { rescue: false }).then((page) => ({ items: page.items, more: page.nextCursor !== null }))
        : Promise.resolve({ items: [], more: false });
      asked.set(key, answer);
    }
    return answer;
  }

  type Found = { search: DueSearch; items: Product[]; more: boolean };

  /** One account's mail: its searches with new matches, in its language and currency. */
  function mailOf(found: Found[], rates: Rates) {
    const first = found[0]?.search;
    if (!first) return null;
    const lang = findLanguage(first.language)?.code ?? DEFAULT_LANG;
    return withLanguage(lang, () => {
      const money = (amount: number) => priceLabel(showPrice(amount, deps.base, first.currency, rates));
      const absolute = (url: string | null) => (url && url.startsWith('/') ? `${deps.origin}${url}` : url);
      const sections: SavedSearchMailSection[] = found.map(({ search, items, more }) => ({
        name: search.name,
        more,
        link: `${deps.origin}${pathIn(lang, savedSearchPath(search.query, search.checkedAt.toISOString()))}`,
        stop: unsubscribeLinks(search.userId, search.id).page,
        cards: items.map((p) => ({
          title: p.title,
          link: `${deps.origin}${pathIn(lang, p.path)}`,
          price: money(p.price),
          picture: absolute(p.thumbnail ?? p.image),
        })),
      }));
      return savedSearchMail(first.email, sections, unsubscribeLinks(first.userId, 'all'));
    });
  }

  /**
   * One batch of accounts: each search asked, then the accounts with new matches claimed for today in one statement,
   * one mail each, and every search looked at checked up to the bound in one statement. A mail that could not be
   * sent gives its claim back and leaves its searches' bounds, so the next tick tries again.
   */
  async function mailBatch(
    byAccount: Map<string, DueSearch[]>,
    now: Date,
    bound: Date,
    rates: Rates,
    asked: Map<string, Promise<Matches>>,
  ): Promise<{ sent: number; failed: number }> {
    const out = { sent: 0, failed: 0 };
    if (!mailer) return out;
    const checked: string[] = [];
    const withNews = new Map<string, Found[]>();
    for (const [userId, searches] of byAccount) {
      const lang = findLanguage(searches[0]?.language)?.code ?? DEFAULT_LANG;
      const found: Found[] = [];
      for (const search of searches) {
        const matches = await newMatches(search, lang, asked);
        if (matches.items.length > 0) found.push({ search, ...matches });
      }
      // Nothing new up to the bound: the next runs skip these searches until a product is added.
      if (found.length === 0) checked.push(...searches.map((s) => s.id));
      else withNews.set(userId, found);
    }
    const claims = await repo.claimMails([...withNews.keys()], now);
    for (const [userId, previous] of claims) {
      const found = withNews.get(userId) ?? [];
      const mail = mailOf(found, rates);
      if (!mail) continue;
      try {
        await mailer.send(mail);
        out.sent++;
        checked.push(...(byAccount.get(userId) ?? []).map((s) => s.id));
      } catch (err) {
        await repo.releaseMail(userId, previous);
        deps.log.warn({ err, userId }, 'could not mail the saved searches');
        out.failed++;
      }
    }
    await repo.checked(checked, bound);
    return out;
  }

  return {
    available,
    unsubscribeLinks,

    async list(userId: string): Promise<SavedSearchList> {
      const rows = await repo.list(userId);
      const items: SavedSearch[] = [];
      for (const row of rows) items.push(await toAnswer(row));
      return { items, max: SAVED_SEARCHES_MAX, mailAvailable: available, mailUnavailableReason: available ? null : M.unavailable };
    },

    async create(userId: string, input: { name: string; query: string; mail?: boolean | undefined }): Promise<SavedSearch> {
      if (input.mail && !available) throw new AppError('CONFLICT', M.unavailable);
      const row = await deps.transaction(async ({ savedSearches }) => {
        if (!(await savedSearches.lockAccount(userId))) throw new AppError('NOT_FOUND', M.notFound);
        const { count, nameTaken } = await savedSearches.countAndName(userId, input.name);
        if (count >= SAVED_SEARCHES_MAX) throw new AppError('CONFLICT', M.limit(SAVED_SEARCHES_MAX));
        if (nameTaken) throw new AppError('CONFLICT', M.duplicateName);
        return savedSearches.insert(userId, { name: input.name, query: input.query, mail: input.mail ?? available });
      });
      return toAnswer(row);
    },

    async change(userId: string, id: string, change: { name?: string | undefined; mail?: boolean | undefined }): Promise<SavedSearch> {
      if (change.mail && !available) throw new AppError('CONFLICT', M.unavailable);
      if (change.name !== undefined && (await repo.nameTaken(userId, change.name, id))) throw new AppError('CONFLICT', M.duplicateName);
      const row = await repo.update(userId, id, change);
      if (!row) throw new AppError('NOT_FOUND', M.notFound);
      return toAnswer(row);
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(await repo.remove(userId, id))) throw new AppError('NOT_FOUND', M.notFound);
    },

    /** Marks it opened; answers it as it was, so its `newPath` shows what was new before this opening. */
    async open(userId: string, id: string, now = new Date()): Promise<SavedSearch> {
      const before = await repo.opened(userId, id, now);
      if (!before) throw new AppError('NOT_FOUND', M.notFound);
      return toAnswer(before);
    },

    /** A link's search (or every search) of its account stops being mailed; the same answer for a repeat. */
    async unsubscribe(token: string): Promise<{ unsubscribed: true; message: string }> {
      const read = readToken(token);
      if (!read) throw new AppError('VALIDATION', M.badToken);
      if (read.target === 'all') {
        await repo.mailOffAll(read.userId);
        return { unsubscribed: true, message: T.unsubscribedAll };
      }
      const off = await repo.mailOff(read.userId, read.target);
      return { unsubscribed: true, message: off ? T.unsubscribedOne(off.name) : T.unsubscribedGone };
    },

    /**
     * The mail run (the saved-search-mails job): accounts in batches of MAIL_RUN_ACCOUNTS_PER_BATCH, each account that
     * has had no such mail today (UTC) with a search checked before the newest product; each of its searches asked
     * through the finder with a created-after bound; one mail listing the searches with new products.
     */
    async runMails(now = new Date()): Promise<MailRunOutcome> {
      const outcome: MailRunOutcome = { accounts: 0, searches: 0, sent: 0, failed: 0 };
      if (!mailer) return outcome;
      const newest = await repo.newestProduct();
      if (!newest) return outcome;
      // Products dated before it are all committed: the searches are checked up to it (a millisecond short of it).
      const bound = new Date(Math.min(now.getTime(), (await repo.horizon()).getTime()) - 1);
      let rates: Rates | null = null;
      let after: string | null = null;
      const asked = new Map<string, Promise<Matches>>();
      for (;;) {
        const batch = await repo.dueBatch(now, newest, after, MAIL_RUN_ACCOUNTS_PER_BATCH);
        if (batch.length === 0) break;
        rates ??= (await deps.rates?.()) ?? {};
        const byAccount = new Map<string, DueSearch[]>();
        for (const s of batch) {
          const list = byAccount.get(s.userId);
          if (list) list.push(s);
          else byAccount.set(s.userId, [s]);
        }
        outcome.accounts += byAccount.size;
        outcome.searches += batch.length;
        const done = await mailBatch(byAccount, now, bound, rates, asked);
        outcome.sent += done.sent;
        outcome.failed += done.failed;
        after = batch.at(-1)?.userId ?? after;
      }
      return outcome;
    },
  };
}
export type SavedSearchesService = ReturnType<typeof createSavedSearchesService>;
