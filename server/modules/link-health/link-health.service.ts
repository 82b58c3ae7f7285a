import { SNIFF_BYTES, sniffImageFormat } from '../../../common/image-types';
import { productPath } from '../../../common/product-urls';
import type { SourcePlatform } from '../../../common/agent-links';
import type { FailingLink, LinkHealthOverview, LinkHealthQuery } from '../../../common/schemas/link-health';
import { LINK_HEALTH_TEXTS } from '../../../common/texts/link-health';
import { LINK_HEALTH_PAGE_SIZE } from '../../../common/link-health';
import { AppError } from '../../errors';
import { databaseFailure } from '../../db/availability';
import type { Transact } from '../../db/unit-of-work';
import type { Storage } from '../../storage/storage';
import type { Actor, AuditRepo } from '../audit/audit.repo';
import { storeImageWithThumbnails } from '../images/image-files';
import { hostOf } from '../imports/import-pictures';
import { fetchLimited } from '../imports/safe-fetch';
import type { CheckOutcome, DueProduct, LinkHealthRepo } from './link-health.repo';
import { checkTarget, judge, type LinkAnswer, type Observed } from './marketplace-rules';
import { FIRST_PACE, nextPace, type Pace } from './sweep-pace';

/** The settings of the link checks (config.ts reads them from the environment; decision 0067). */
export type LinkHealthSettings = {
  /** Each marketplace's base address (MARKETPLACE_*_URL, the real ones by default). */
  bases: Record<SourcePlatform, string>;
  /** Checks per minute one host is asked at most (LINK_CHECKS_PER_HOST_PER_MINUTE). */
  perHostPerMinute: number;
  /** Checks per UTC day in all (LINK_CHECKS_PER_DAY). */
  perDay: number;
  /** Gone checks in a row after which a product leaves the finder (LINK_HIDE_AFTER_GONE); 0: never. */
  hideAfterGone: number;
  /** One check's fetch, redirects included (LINK_CHECK_TIMEOUT_MS). */
  timeoutMs: number;
  /** IMPORT_ALLOW_PRIVATE_HOSTS: tests and closed networks check local servers. */
  allowPrivate: boolean;
  /** How long one sweep job works before it ends (the next minute's job goes on). */
  sweepMs?: number | undefined;
  /** Checks under way at once in one sweep (each still waits its host's turn). */
  concurrency?: number | undefined;
  /** When a round's answers are written again after the database did not take them (RECORD_RETRY_MS; tests shorten). */
  recordRetryMs?: readonly number[] | undefined;
};

/** A live link is checked again after a week, a gone one after a day, one without an answer after six hours. */
export const RECHECK_SECONDS: Record<LinkAnswer, number> = { live: 7 * 86_400, gone: 86_400, unknown: 6 * 3600 };
/** Products a sweep takes from the queue when only what an admin asked for is left (the day's budget spent). */
const TAKE = 50;
/** A round's answers are written this many products a transaction (short ones, beside an import's batches). */
const RECORD_CHUNK = 25;
/** When a round's answers the database did not take are written again (a statement timeout beside a large import). */
export const RECORD_RETRY_MS = [1_000, 5_000, 15_000, 30_000];
/** Products given a check row per sweep (never checked ones). */
const ENROL = 5000;
/** Enrolled this many a statement (issue 39: 5,000 in one held the embedded database's connection for a second). */
const ENROL_SLICE = 500;
/** A taken product not checked within this is due again (its worker stopped). */
const LEASE_SECONDS = 600;
/** The longest a check waits for its host's turn before it is put back. */
const MAX_SLOT_WAIT_MS = 30_000;
/** A host that did not answer pauses 1 minute, doubled with each failure in a row, at most 6 hours. */
const HOST_BACKOFF_SECONDS = 60;
const HOST_BACKOFF_MAX_SECONDS = 6 * 3600;
/** Of a page, the bytes read for a marker: the notices are near the top. */
export const LINK_BODY_BYTES = 256 * 1024;
/** Of a picture, a re-fetch's largest body (as uploads). */
const PICTURE_MAX_BYTES = 5 * 1024 * 1024;
const USER_AGENT = 'Finder link check';

export type SweepResult = {
  checked: number;
  live: number;
  gone: number;
  unknown: number;
  postponed: number;
  /** Time spent waiting between rounds because the database answered slowly (sweep-pace.ts). */
  pausedMs: number;
  /**
   * Why it ended: nothing due, the day's budget, its time, or the database not taking its answers (they are kept
   * and written first by the next sweep of this process).
   */
  stopped: 'done' | 'budget' | 'time' | 'database';
};

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A picture's answer: 'fine', fetched again, 'broken' (placeholder), 'unknown' (ask later), or null (none to check). */
type PictureAnswer = CheckOutcome['pictureAnswer'];

/** What the storefront shows after a check: the rule as a pure function over the product and the check's answer. */
export function decideProductState(
  product: Pick<DueProduct, 'linkState' | 'pictureBroken' | 'markedFineAt'>,
  answer: LinkAnswer | null,
  goneCount: number,
  pictureAnswer: PictureAnswer,
  hideAfterGone: number,
): { linkState: 'ok' | 'unavailable' | 'hidden'; pictureBroken: boolean } {
  let linkState = product.linkState;
  if (product.markedFineAt !== null) linkState = 'ok';
  else if (answer === 'live') linkState = 'ok';
  else if (answer === 'gone') linkState = hideAfterGone > 0 && goneCount >= hideAfterGone ? 'hidden' : 'unavailable';
  let pictureBroken = product.pictureBroken;
  if (pictureAnswer === 'broken') pictureBroken = product.markedFineAt === null;
  else if (pictureAnswer === 'fine' || pictureAnswer === 'refetched') pictureBroken = false;
  return { linkState, pictureBroken };
}

/**
 * Link health (issue 29, decision 0067): every product's link and picture checked on a schedule, politely (a turn per
 * host shared through the database, back-off for hosts that do not answer, a daily budget), with the marketplaces'
 * rules in marketplace-rules.ts; the dashboard's Link health view; visitors' reports raise a product's check.
 */
export function createLinkHealthService(deps: {
  repo: LinkHealthRepo;
  transaction: Transact<{ linkHealth: LinkHealthRepo; audit: Pick<AuditRepo, 'record'> }>;
  storage: Storage;
  settings: LinkHealthSettings;
  /** Starts a sweep at once (Re-check now); absent in tests, which call `sweep`. */
  kick?: (() => Promise<void>) | undefined;
  log?: { warn(obj: unknown, msg?: string): void } | undefined;
}) {
  const { repo, storage, settings } = deps;
  const intervalMs = 60_000 / Math.max(1, settings.perHostPerMinute);
  /** Answers checked but not yet written (the database did not take them): the next sweep writes them first. */
  const unrecorded: Array<{ product: DueProduct; outcome: CheckOutcome }> = [];
  /** The sweeps' pace, kept from one sweep to the next (a busy database is still busy a minute later). */
  let pace: Pace = FIRST_PACE;

  /** How far ahead a turn may be claimed: within the longest wait, and before the sweep's end. */
  const reach = (deadline: number) => Math.max(0, Math.min(MAX_SLOT_WAIT_MS, deadline - Date.now()));

  /** Waits for the host's turn; false when it is not within reach (the caller puts the product back). */
  async function turn(host: string, deadline: number): Promise<{ ok: true; failures: number } | { ok: false; retryAt: Date }> {
    const slot = await repo.claimSlots(host, intervalMs, reach(deadline));
    if ('retryAt' in slot) return { ok: false, retryAt: slot.retryAt };
    const wait = slot.at.getTime() - Date.now();
    if (wait > 0) await sleep(wait);
    return { ok: true, failures: slot.failures };
  }

  /** Where a product's link is checked, at which marketplace's rules. */
  type Target = NonNullable<ReturnType<typeof checkTarget>>;
  /** A link check's turn, claimed for the round: its host and moment, or when to come back; null without a link. */
  type LinkTurn = { host: string; target: Target; at: number; failures: number };
  type RoundTurn = LinkTurn | { retryAt: Date } | null;

  /**
   * The round's link checks grouped by host, each host's turns claimed at once (one statement a host, not one a
   * check): the i-th product of a host gets the i-th turn; those past the turns within reach come back after them.
   */
  async function roundTurns(products: readonly DueProduct[], deadline: number): Promise<Map<string, RoundTurn>> {
    const turns = new Map<string, RoundTurn>();
    const byHost = new Map<string, Array<{ product: DueProduct; target: Target }>>();
    for (const product of products) {
      const target = checkTarget(product, settings.bases);
      if (!target) {
        turns.set(product.id, null);
        continue;
      }
      const host = hostOf(target.url);
      const group = byHost.get(host) ?? [];
      group.push({ product, target });
      byHost.set(host, group);
    }
    await Promise.all(
      [...byHost].map(async ([host, group]) => {
        const slot = await repo.claimSlots(host, intervalMs, reach(deadline), group.length);
        group.forEach(({ product, target }, i) => {
          if ('retryAt' in slot) turns.set(product.id, slot);
          else if (i >= slot.granted) turns.set(product.id, { retryAt: new Date(slot.at.getTime() + slot.granted * intervalMs) });
          else turns.set(product.id, { host, target, at: slot.at.getTime() + i * intervalMs, failures: slot.failures });
        });
      }),
    );
    return turns;
  }

  async function observe(url: string, rule: ReturnType<typeof checkTarget> & object): Promise<Observed> {
    try {
      const notFound = rule.rule.notFoundRedirect;
      const answer = await fetchLimited(url, {
        maxBytes: LINK_BODY_BYTES,
        truncate: true,
        anyStatus: true,
        timeoutMs: settings.timeoutMs,
        allowPrivate: settings.allowPrivate,
        userAgent: USER_AGENT,
        stopAt: notFound ? (next) => notFound.test(next.toString()) : undefined,
      });
      if (answer.status === 0) return { kind: 'redirected', url: answer.url };
      return { kind: 'answered', status: answer.status, url: answer.url, body: answer.body.toString('utf8') };
    } catch (err) {
      return { kind: 'failed', error: err instanceof Error ? err.message : String(err) };
    }
  }

  async function checkPicture(product: DueProduct, deadline: number): Promise<PictureAnswer> {
    if (!product.image) return null;
    if (product.imageKey) {
      let present: boolean;
      try {
        present = await storage.exists(product.imageKey);
      } catch {
        return 'unknown';
      }
      if (present) return 'fine';
      if (!product.imageSource || !product.imageName) return 'broken';
      try {
        const fetched = await fetchLimited(product.imageSource, {
          maxBytes: PICTURE_MAX_BYTES,
          timeoutMs: settings.timeoutMs,
          allowPrivate: settings.allowPrivate,
          userAgent: USER_AGENT,
        });
        await storeImageWithThumbnails(storage, product.imageName, fetched.body);
        return 'refetched';
      } catch {
        return 'broken';
      }
    }
    const host = hostOf(product.image);
    if (!host) return null;
    if (!(await turn(host, deadline)).ok) return null;
    try {
      const answer = await fetchLimited(product.image, {
        maxBytes: SNIFF_BYTES,
        truncate: true,
        anyStatus: true,
        timeoutMs: settings.timeoutMs,
        allowPrivate: settings.allowPrivate,
        userAgent: USER_AGENT,
      });
      if (answer.status === 404 || answer.status === 410) return 'broken';
      if (answer.status < 200 || answer.status >= 300) return 'unknown';
      return sniffImageFormat(answer.body) ? 'fine' : 'broken';
    } catch {
      return 'unknown';
    }
  }

  /** The round's hosts that failed (paused until then) and those that answered after earlier failures. */
  type RoundHosts = { paused: Map<string, Date>; answered: Set<string> };

  /** One product's check at its turn: its link at its marketplace's rules, then its picture; what the round records. */
  async function checkOne(
    product: DueProduct,
    linkTurn: RoundTurn,
    hosts: RoundHosts,
    deadline: number,
  ): Promise<CheckOutcome | 'postponed'> {
    const putBack = async (retryAt: Date) => {
      await repo.postpone(product.id, retryAt);
      await repo.returnBudget(1);
      return 'postponed' as const;
    };
    let judged: ReturnType<typeof judge> | null = null;
    if (linkTurn && 'retryAt' in linkTurn) return putBack(linkTurn.retryAt);
    if (linkTurn) {
      const { host } = linkTurn;
      const wait = linkTurn.at - Date.now();
      if (wait > 0) await sleep(wait);
      // The host failed earlier in this round: it is paused, so its other products come back after the pause.
      const pausedUntil = hosts.paused.get(host);
      if (pausedUntil) return putBack(pausedUntil);
      judged = judge(linkTurn.target.rule, await observe(linkTurn.target.url, linkTurn.target));
      // No answer, 429 or 5xx: the host's trouble, so it pauses; any answer of the item's own resets its failures.
      const hostTrouble = judged.answer === 'unknown' && (judged.status === null || judged.status === 429 || judged.status >= 500);
      if (hostTrouble) hosts.paused.set(host, await repo.hostFailed(host, HOST_BACKOFF_SECONDS, HOST_BACKOFF_MAX_SECONDS));
      else if (linkTurn.failures > 0 && !hosts.answered.has(host)) {
        hosts.answered.add(host);
        await repo.hostAnswered(host);
      }
    }
    const pictureAnswer = await checkPicture(product, deadline);
    const answer = judged?.answer ?? null;
    return {
      answer,
      status: judged?.status ?? null,
      finalUrl: judged?.finalUrl ?? null,
      error: judged ? judged.error : LINK_HEALTH_TEXTS.noLink,
      pictureAnswer,
      nextInSeconds: RECHECK_SECONDS[answer ?? 'live'],
    };
  }

  /**
   * A round's answers written a few products a transaction (the checks' rows, then the marks where they change), each
   * transaction tried again while the database does not take it. What could not be written after the last try is
   * kept for the next sweep (the products stay leased meanwhile): a round keeps what it checked. True when all went.
   */
  async function recordRound(
    checked: ReadonlyArray<{ product: DueProduct; outcome: CheckOutcome }>,
    result: SweepResult,
    timed: <T>(work: () => Promise<T>) => Promise<T>,
  ): Promise<boolean> {
    for (let start = 0; start < checked.length; start += RECORD_CHUNK) {
      const chunk = checked.slice(start, start + RECORD_CHUNK);
      for (let attempt = 0; ; attempt++) {
        try {
          const goneCounts = await timed(() =>
            deps.transaction(async (r) => {
              const counts = await r.linkHealth.recordAll(chunk.map(({ product, outcome }) => ({ productId: product.id, outcome })));
              await r.linkHealth.setProductStates(
                chunk.flatMap(({ product, outcome }) => {
                  const goneCount = counts.get(product.id);
                  if (goneCount === undefined) return [];
                  const to = decideProductState(product, outcome.answer, goneCount, outcome.pictureAnswer, settings.hideAfterGone);
                  return [{ productId: product.id, from: product, to }];
                }),
              );
              return counts;
            }),
          );
          for (const { product, outcome } of chunk) {
            // The check row went meanwhile (the product was deleted): nothing was marked.
            if (!goneCounts.has(product.id)) {
              result.postponed += 1;
              continue;
            }
            result.checked += 1;
            result[outcome.answer ?? 'unknown'] += 1;
          }
          break;
        } catch (err) {
          const delay = (settings.recordRetryMs ?? RECORD_RETRY_MS)[attempt];
          deps.log?.warn({ err, products: chunk.length, retryInMs: delay ?? null }, 'link checks: could not write the answers');
          if (delay === undefined || databaseFailure(err) === null) {
            unrecorded.push(...checked.slice(start));
            if (databaseFailure(err) === null) throw err;
            return false;
          }
          await sleep(delay);
        }
      }
    }
    return true;
  }

  return {
    settings,

    /**
     * Checks the products due, within today's budget and each host's turns, for at most `sweepMs` (the periodic
     * job's run; the next run goes on where this one stopped).
     */
    async sweep(options: { sweepMs?: number } = {}): Promise<SweepResult> {
      const deadline = Date.now() + (options.sweepMs ?? settings.sweepMs ?? 50_000);
      const result: SweepResult = { checked: 0, live: 0, gone: 0, unknown: 0, postponed: 0, pausedMs: 0, stopped: 'done' };
      // The round's own statements, timed: how long the database takes to answer sets the pace (sweep-pace.ts).
      let statements = 0;
      let slowestMs = 0;
      const timed = async <T>(work: () => Promise<T>): Promise<T> => {
        const started = performance.now();
        try {
          return await work();
        } finally {
          statements += 1;
          slowestMs = Math.max(slowestMs, performance.now() - started);
        }
      };
      // What an earlier sweep checked and could not write goes first.
      if (unrecorded.length > 0 && !(await recordRound(unrecorded.splice(0), result, timed))) {
        result.stopped = 'database';
        return result;
      }
      // A slice a statement: on the embedded database a visitor waits for one background statement at most.
      for (let enrolled = 0; enrolled < ENROL;) {
        const added = await repo.enrol(ENROL_SLICE);
        enrolled += added;
        if (added < ENROL_SLICE) break;
      }
      const concurrency = settings.concurrency ?? 16;
      for (;;) {
        if (statements > 0) {
          pace = nextPace(pace, slowestMs);
          statements = 0;
          slowestMs = 0;
          const pause = Math.min(pace.pauseMs, deadline - Date.now());
          if (pause > 0) {
            result.pausedMs += pause;
            await sleep(pause);
          }
        }
        if (Date.now() >= deadline) {
          result.stopped = 'time';
          break;
        }
        // The claim's two statements in one transaction (link-health.repo's claimBudget).
        const granted = await timed(() => deps.transaction((r) => r.linkHealth.claimBudget(pace.take, settings.perDay)));
        // The day's budget spent: only what an admin asked for now (Re-check now) is still checked.
        const due = await timed(() =>
          granted > 0 ? repo.takeDue(granted, LEASE_SECONDS) : repo.takeDue(TAKE, LEASE_SECONDS, { askedOnly: true }),
        );
        if (granted > 0) await repo.returnBudget(granted - due.length);
        if (due.length === 0) {
          if (granted === 0) result.stopped = 'budget';
          break;
        }
        const turns = await roundTurns(due, deadline);
        // In the order of their turns, so no worker waits on a later turn while an earlier one is due.
        const turnAt = (p: DueProduct) => {
          const t = turns.get(p.id);
          return t && 'at' in t ? t.at : 0;
        };
        const ordered = [...due].sort((a, b) => turnAt(a) - turnAt(b));
        const hosts: RoundHosts = { paused: new Map(), answered: new Set() };
        let next = 0;
        const checked: Array<{ product: DueProduct; outcome: CheckOutcome }> = [];
        const worker = async () => {
          for (let i = next++; i < ordered.length; i = next++) {
            const product = ordered[i] as DueProduct;
            try {
              const outcome = await checkOne(product, turns.get(product.id) ?? null, hosts, deadline);
              if (outcome === 'postponed') result.postponed += 1;
              else checked.push({ product, outcome });
            } catch (err) {
              deps.log?.warn({ err, productId: product.id }, 'link check failed');
              await repo.postpone(product.id, new Date(Date.now() + RECHECK_SECONDS.unknown * 1000)).catch(() => undefined);
            }
          }
        };
        await Promise.all(Array.from({ length: Math.min(concurrency, ordered.length) }, worker));
        if (!(await recordRound(checked, result, timed))) {
          result.stopped = 'database';
          break;
        }
      }
      return result;
    },

    /** A visitor reported the product's link: its check goes to the front of the queue. */
    async reported(productId: string): Promise<void> {
      await repo.raise(productId, { clearFine: false });
    },

    /** Re-check now: to the front, the "fine" mark cleared, and a sweep started; audited. */
    async recheck(actor: Actor, productId: string): Promise<void> {
      await deps.transaction(async (r) => {
        const label = await r.linkHealth.productLabel(productId);
        if (!label || !(await r.linkHealth.raise(productId, { clearFine: true })))
          throw new AppError('NOT_FOUND', LINK_HEALTH_TEXTS.noProduct);
        await r.audit.record({ action: 'link-recheck', subject: `${label.title} (#${label.number})`, actor, details: { productId } });
      });
      await deps.kick?.().catch((err: unknown) => deps.log?.warn({ err }, 'could not start a link check'));
    },

    /** Mark fine: shown as available again and not marked by the checks until a Re-check now; audited. */
    async markFine(actor: Actor, productId: string): Promise<void> {
      await deps.transaction(async (r) => {
        const label = await r.linkHealth.markFine(productId, actor.email, RECHECK_SECONDS.live);
        if (!label) throw new AppError('NOT_FOUND', LINK_HEALTH_TEXTS.noProduct);
        await r.audit.record({ action: 'link-mark-fine', subject: `${label.title} (#${label.number})`, actor, details: { productId } });
      });
    },

    /** The Link health view: counts and one page of the failing products with their last answer. */
    async overview(query: LinkHealthQuery): Promise<LinkHealthOverview> {
      const [counts, rows] = await Promise.all([repo.counts(), repo.failing(query.filter, query.page, LINK_HEALTH_PAGE_SIZE)]);
      const items: FailingLink[] = rows.map((r) => ({
        id: r.id,
        number: r.number,
        title: r.title,
        path: productPath(r),
        link: r.link,
        linkState: r.linkState as FailingLink['linkState'],
        pictureBroken: r.pictureBroken,
        checkedAt: iso(r.checkedAt),
        answer: r.answer as FailingLink['answer'],
        status: r.status,
        finalUrl: r.finalUrl,
        error: r.error,
        goneCount: r.goneCount,
        pictureAnswer: r.pictureAnswer as FailingLink['pictureAnswer'],
        reportedAt: iso(r.reportedAt),
        markedFineAt: iso(r.markedFineAt),
        markedFineBy: r.markedFineBy,
      }));
      return {
        counts,
        settings: { perHostPerMinute: settings.perHostPerMinute, perDay: settings.perDay, hideAfterGone: settings.hideAfterGone },
        items,
        total: rows[0]?.total ?? 0,
        page: query.page,
        pageSize: LINK_HEALTH_PAGE_SIZE,
      };
    },
  };
}
export type LinkHealthService = ReturnType<typeof createLinkHealthService>;
