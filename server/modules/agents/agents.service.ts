import { AGENT_LIMITS } from '../../../common/agents';
import type { AdminAgent, AdminPromo, AgentInput, PromoInput, PromoState, PublicAgent, PublicPromo } from '../../../common/schemas/agent';
import type { AuditChanges } from '../../../common/schemas/audit';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../errors';
import { clip } from '../audit/audit-details';
import type { Transact } from '../../db/unit-of-work';
import type { Actor, AuditRepo } from '../audit/audit.repo';
import type { AgentRow, AgentsRepo, AgentValues, PromoValues } from './agents.repo';

type PromoColumns = Pick<AgentRow, 'promoText' | 'promoCode' | 'promoLink' | 'promoStartsAt' | 'promoEndsAt'>;

/** The row's promotion, or null when it has none. */
function promoOf(row: PromoColumns): PromoValues | null {
  if (row.promoText === null || !row.promoStartsAt || !row.promoEndsAt) return null;
  return { text: row.promoText, code: row.promoCode, link: row.promoLink, startsAt: row.promoStartsAt, endsAt: row.promoEndsAt };
}

/** Where a promotion stands at `now`: it runs from its start (included) to its end (excluded). */
export function promoState(promo: Pick<PromoValues, 'startsAt' | 'endsAt'>, now: Date): PromoState {
  if (now.getTime() < promo.startsAt.getTime()) return 'scheduled';
  return now.getTime() < promo.endsAt.getTime() ? 'running' : 'ended';
}

/**
 * The next moment after `now` at which one of these agents' promotions starts or ends: until then every answer built
 * from them stays true; null when none will change by itself.
 */
export function nextPromoChange(rows: readonly PromoColumns[], now: Date): Date | null {
  let next: number | null = null;
  for (const row of rows) {
    const promo = promoOf(row);
    if (!promo) continue;
    for (const t of [promo.startsAt.getTime(), promo.endsAt.getTime()]) {
      if (t > now.getTime() && (next === null || t < next)) next = t;
    }
  }
  return next === null ? null : new Date(next);
}

function publicPromo(row: PromoColumns, now: Date): PublicPromo | null {
  const promo = promoOf(row);
  if (!promo || promoState(promo, now) !== 'running') return null;
  return { text: promo.text, code: promo.code, link: promo.link, endsAt: promo.endsAt.toISOString() };
}

function adminPromo(row: PromoColumns, now: Date): AdminPromo | null {
  const promo = promoOf(row);
  if (!promo) return null;
  return {
    text: promo.text,
    code: promo.code,
    link: promo.link,
    startsAt: promo.startsAt.toISOString(),
    endsAt: promo.endsAt.toISOString(),
    state: promoState(promo, now),
  };
}

/** The agent as the storefront reads it at `now`: its promotion only while it runs. */
export function toPublicAgent(row: AgentRow, now: Date = new Date()): PublicAgent {
  return {
    slug: row.slug,
    name: row.name,
    template: row.linkTemplate,
    platformCodes: row.platformCodes ?? {},
    referralCode: row.referralCode,
    isDefault: row.isDefault,
    promo: publicPromo(row, now),
  };
}

export function toAdminAgent(row: AgentRow, now: Date = new Date()): AdminAgent {
  return {
    ...toPublicAgent(row, now),
    id: row.id,
    enabled: row.enabled,
    position: row.position,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    promo: adminPromo(row, now),
  };
}

/** The storefront's agents at one moment, and until when that answer stays true by itself (null: until a change). */
export type PublicAgentsAnswer = { items: PublicAgent[]; validUntil: Date | null };

const NOT_FOUND = 'This agent does not exist (it may have been deleted already).';
/** The subject of the entry a new order writes. */
export const AGENTS_ORDER_SUBJECT = 'Agents order';
/** The audit subject of turning off the agents that had no referral code. */
export const AGENTS_WITHOUT_CODE_SUBJECT = 'Agents without a referral code';

const valuesOf = (input: AgentInput): AgentValues => ({
  slug: input.slug,
  name: input.name,
  linkTemplate: input.template,
  platformCodes: input.platformCodes,
  referralCode: input.referralCode,
  enabled: input.enabled,
});

/** What an entry keeps of an agent (created or deleted), and what an edit compares. */
function kept(row: Pick<AgentRow, 'slug' | 'name' | 'linkTemplate' | 'platformCodes' | 'referralCode' | 'enabled' | 'isDefault'>) {
  return {
    slug: row.slug,
    name: row.name,
    template: clip(row.linkTemplate),
    platformCodes: row.platformCodes,
    referralCode: row.referralCode,
    enabled: row.enabled,
    isDefault: row.isDefault,
  };
}

/** What an entry keeps of a promotion. */
function keptPromo(promo: PromoValues | null) {
  if (!promo) return null;
  return {
    text: promo.text,
    code: promo.code,
    link: promo.link ? clip(promo.link) : null,
    startsAt: promo.startsAt.toISOString(),
    endsAt: promo.endsAt.toISOString(),
  };
}

function changesOf(before: ReturnType<typeof kept>, after: ReturnType<typeof kept>): AuditChanges {
  const changes: AuditChanges = {};
  for (const field of Object.keys(before) as Array<keyof typeof before>) {
    if (JSON.stringify(before[field]) !== JSON.stringify(after[field])) changes[field] = { from: before[field], to: after[field] };
  }
  return changes;
}

/**
 * The rule about the default agent, over the agents as they are (read under lock): there is exactly one among the
 * enabled ones, so it can be neither disabled nor deleted (nor stop being the default) until another takes over.
 * Answers the refusal's sentence, or null.
 */
export function defaultRuleProblem(
  row: Pick<AgentRow, 'name' | 'isDefault'>,
  change: { enabled?: boolean; isDefault?: boolean; deleting?: boolean },
): string | null {
  if (!row.isDefault) return null;
  if (change.deleting) return `${row.name} is the default agent: make another agent the default before deleting it.`;
  if (change.enabled === false) return `${row.name} is the default agent: make another agent the default before disabling it.`;
  if (change.isDefault === false) return `${row.name} is the default agent: make another agent the default instead.`;
  return null;
}

/**
 * The Agents tab's rules. Every change and its audit entry land in one transaction, over the agents locked first,
 * so two admins cannot leave no default (or two) between them.
 */
export function createAgentsService(
  repo: AgentsRepo,
  transaction: Transact<{ agents: AgentsRepo; audit: AuditRepo }>,
  options: { now?: () => Date } = {},
) {
  const now = options.now ?? (() => new Date());

  /**
   * The enabled agents with the moment the answer stops being true by itself (a promotion starts or ends then):
   * whatever keeps it (the response cache, a CDN) must not keep it longer. Decided by the time of this answer.
   */
  async function listPublicUntil(): Promise<PublicAgentsAnswer> {
    const rows = await repo.listEnabled();
    const at = now();
    return { items: rows.map((row) => toPublicAgent(row, at)), validUntil: nextPromoChange(rows, at) };
  }
  async function unlessTaken<T>(slug: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('CONFLICT', `An agent with the slug "${slug}" already exists.`);
      throw err;
    }
  }

  return {
    /** Enabled agents in the operator's order: the storefront's pickers and BUY. */
    async listPublic(): Promise<PublicAgent[]> {
      return (await listPublicUntil()).items;
    },
    listPublicUntil,
    async listForAdmin(): Promise<AdminAgent[]> {
      const at = now();
      return (await repo.list()).map((row) => toAdminAgent(row, at));
    },
    /**
     * Sets an agent's promotion (null removes it), replacing the one it had; recorded as an edit of the agent with the
     * promotion's fields before and after. A change to nothing records nothing.
     */
    async setPromo(actor: Actor, id: string, input: PromoInput | null): Promise<AdminAgent> {
      const row = await transaction(async (tx) => {
        const old = (await tx.agents.lockAll()).find((a) => a.id === id);
        if (!old) throw new AppError('NOT_FOUND', NOT_FOUND);
        const promo: PromoValues | null = input
          ? { text: input.text, code: input.code, link: input.link, startsAt: new Date(input.startsAt), endsAt: new Date(input.endsAt) }
          : null;
        const before = keptPromo(promoOf(old));
        const after = keptPromo(promo);
        if (JSON.stringify(before) === JSON.stringify(after)) return old;
        const updated = await tx.agents.setPromo(id, promo);
        if (!updated) throw new AppError('NOT_FOUND', NOT_FOUND);
        const details = { agentId: id, changes: { promo: { from: before, to: after } } };
        await tx.audit.record({ action: 'agent-update', subject: updated.name, actor, details });
        return updated;
      });
      return toAdminAgent(row, now());
    },
    /** A new agent goes last; it becomes the default when asked, or when no enabled agent is the default yet. */
    async create(actor: Actor, input: AgentInput): Promise<AdminAgent> {
      const row = await unlessTaken(input.slug, () =>
        transaction(async (tx) => {
          const all = await tx.agents.lockAll();
          if (all.length >= AGENT_LIMITS.count) {
            throw new AppError('VALIDATION', `There can be at most ${AGENT_LIMITS.count} agents. Delete one you no longer offer first.`);
          }
          const hasDefault = all.some((a) => a.isDefault && a.enabled);
          const inserted = await tx.agents.insert(valuesOf(input));
          let row = inserted;
          if (input.isDefault || (input.enabled && !hasDefault)) {
            await tx.agents.setDefault(inserted.id);
            row = { ...inserted, isDefault: true };
          }
          await tx.audit.record({ action: 'agent-create', subject: row.name, actor, details: { agentId: row.id, values: kept(row) } });
          return row;
        }),
      );
      return toAdminAgent(row, now());
    },
    /** An edit that changes nothing records nothing. Ticking Default takes it from the agent that had it. */
    async update(actor: Actor, id: string, input: AgentInput): Promise<AdminAgent> {
      const row = await unlessTaken(input.slug, () =>
        transaction(async (tx) => {
          const all = await tx.agents.lockAll();
          const old = all.find((a) => a.id === id);
          if (!old) throw new AppError('NOT_FOUND', NOT_FOUND);
          const problem = defaultRuleProblem(old, { enabled: input.enabled, isDefault: input.isDefault });
          if (problem) throw new AppError('VALIDATION', problem);
          const updated = await tx.agents.update(id, valuesOf(input));
          if (!updated) throw new AppError('NOT_FOUND', NOT_FOUND);
          let row = updated;
          const previous = all.find((a) => a.isDefault && a.id !== id);
          if (input.isDefault && !old.isDefault) {
            await tx.agents.setDefault(id);
            row = { ...updated, isDefault: true };
          }
          const changes = changesOf(kept(old), kept(row));
          if (Object.keys(changes).length > 0) {
            const details = { agentId: id, changes, ...('isDefault' in changes && previous ? { previousDefault: previous.name } : {}) };
            await tx.audit.record({ action: 'agent-update', subject: row.name, actor, details });
          }
          return row;
        }),
      );
      return toAdminAgent(row, now());
    },
    /** Makes an enabled agent the default; the one before stops being it. */
    async setDefault(actor: Actor, id: string): Promise<AdminAgent> {
      const row = await transaction(async (tx) => {
        const all = await tx.agents.lockAll();
        const target = all.find((a) => a.id === id);
        if (!target) throw new AppError('NOT_FOUND', NOT_FOUND);
        if (!target.enabled) throw new AppError('VALIDATION', `${target.name} is disabled: enable it before making it the default.`);
        if (target.isDefault) return target;
        const previous = all.find((a) => a.isDefault);
        await tx.agents.setDefault(id);
        const details = { agentId: id, changes: { isDefault: { from: false, to: true } }, previousDefault: previous?.name ?? null };
        await tx.audit.record({ action: 'agent-update', subject: target.name, actor, details });
        return { ...target, isDefault: true };
      });
      return toAdminAgent(row, now());
    },
    /** The new order names every agent once. */
    async reorder(actor: Actor, ids: string[]): Promise<AdminAgent[]> {
      return transaction(async (tx) => {
        const all = await tx.agents.lockAll();
        const known = new Set(all.map((a) => a.id));
        if (ids.length !== all.length || ids.some((id) => !known.has(id))) {
          throw new AppError('VALIDATION', `ids must name every agent once (there are ${all.length}); reload the list and try again.`);
        }
        const before = all.map((a) => a.slug);
        const bySlug = new Map(all.map((a) => [a.id, a]));
        const after = ids.map((id) => bySlug.get(id)?.slug ?? id);
        if (before.join() !== after.join()) {
          await tx.agents.reorder(ids);
          await tx.audit.record({
            action: 'agent-update',
            subject: AGENTS_ORDER_SUBJECT,
            actor,
            details: { changes: { order: { from: before, to: after } } },
          });
        }
        return (await tx.agents.list()).map((r) => toAdminAgent(r, now()));
      });
    },
    /**
     * The setup checklist's other way through its referral item (issue 40: eleven agents come enabled, and an owner
     * may have a code at one or two): turns off every enabled agent without a referral code but the default, in one
     * audited change. The default stays: BUY always has an agent; its code is asked for on its own.
     */
    async disableWithoutReferral(actor: Actor): Promise<{ disabled: string[] }> {
      return transaction(async (tx) => {
        const all = await tx.agents.lockAll();
        const uncoded = all.filter((a) => a.enabled && !a.isDefault && a.referralCode.trim() === '');
        if (uncoded.length === 0) return { disabled: [] };
        await tx.agents.disable(uncoded.map((a) => a.id));
        const disabled = uncoded.map((a) => a.name);
        await tx.audit.record({
          action: 'agent-update',
          subject: AGENTS_WITHOUT_CODE_SUBJECT,
          actor,
          details: { changes: { enabled: { from: true, to: false } }, agents: disabled },
        });
        return { disabled };
      });
    },
    async delete(actor: Actor, id: string): Promise<{ id: string; name: string }> {
      return transaction(async (tx) => {
        const all = await tx.agents.lockAll();
        const old = all.find((a) => a.id === id);
        if (!old) throw new AppError('NOT_FOUND', NOT_FOUND);
        const problem = defaultRuleProblem(old, { deleting: true });
        if (problem) throw new AppError('VALIDATION', problem);
        await tx.agents.delete(id);
        await tx.audit.record({ action: 'agent-delete', subject: old.name, actor, details: { agentId: id, deleted: kept(old) } });
        return { id, name: old.name };
      });
    },
  };
}
export type AgentsService = ReturnType<typeof createAgentsService>;
