import { AGENT_LIMITS } from '../../../common/agent-texts';
import type { AdminAgent, AgentInput, PublicAgent } from '../../../common/schemas/agent';
import type { AuditChanges } from '../../../common/schemas/audit';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../errors';
import { clip } from '../audit/audit-details';
import type { Actor, AuditRepo } from '../audit/audit.repo';
import type { AgentRow, AgentsRepo, AgentValues } from './agents.repo';

export function toPublicAgent(row: AgentRow): PublicAgent {
  return {
    slug: row.slug,
    name: row.name,
    template: row.linkTemplate,
    platformCodes: row.platformCodes ?? {},
    referralCode: row.referralCode,
    isDefault: row.isDefault,
  };
}

export function toAdminAgent(row: AgentRow): AdminAgent {
  return {
    ...toPublicAgent(row),
    id: row.id,
    enabled: row.enabled,
    position: row.position,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const NOT_FOUND = 'This agent does not exist (it may have been deleted already).';
/** The subject of the entry a new order writes. */
export const AGENTS_ORDER_SUBJECT = 'Agents order';

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
export function createAgentsService(repo: AgentsRepo, audit: Pick<AuditRepo, 'record'>) {
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
      return (await repo.listEnabled()).map(toPublicAgent);
    },
    async listForAdmin(): Promise<AdminAgent[]> {
      return (await repo.list()).map(toAdminAgent);
    },
    /** A new agent goes last; it becomes the default when asked, or when no enabled agent is the default yet. */
    async create(actor: Actor, input: AgentInput): Promise<AdminAgent> {
      const row = await unlessTaken(input.slug, () =>
        repo.transaction(async (tx) => {
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
          await audit.record({ action: 'agent-create', subject: row.name, actor, details: { agentId: row.id, values: kept(row) } }, tx.executor);
          return row;
        }),
      );
      return toAdminAgent(row);
    },
    /** An edit that changes nothing records nothing. Ticking Default takes it from the agent that had it. */
    async update(actor: Actor, id: string, input: AgentInput): Promise<AdminAgent> {
      const row = await unlessTaken(input.slug, () =>
        repo.transaction(async (tx) => {
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
            await audit.record({ action: 'agent-update', subject: row.name, actor, details }, tx.executor);
          }
          return row;
        }),
      );
      return toAdminAgent(row);
    },
    /** Makes an enabled agent the default; the one before stops being it. */
    async setDefault(actor: Actor, id: string): Promise<AdminAgent> {
      const row = await repo.transaction(async (tx) => {
        const all = await tx.agents.lockAll();
        const target = all.find((a) => a.id === id);
        if (!target) throw new AppError('NOT_FOUND', NOT_FOUND);
        if (!target.enabled) throw new AppError('VALIDATION', `${target.name} is disabled: enable it before making it the default.`);
        if (target.isDefault) return target;
        const previous = all.find((a) => a.isDefault);
        await tx.agents.setDefault(id);
        const details = { agentId: id, changes: { isDefault: { from: false, to: true } }, previousDefault: previous?.name ?? null };
        await audit.record({ action: 'agent-update', subject: target.name, actor, details }, tx.executor);
        return { ...target, isDefault: true };
      });
      return toAdminAgent(row);
    },
    /** The new order names every agent once. */
    async reorder(actor: Actor, ids: string[]): Promise<AdminAgent[]> {
      return repo.transaction(async (tx) => {
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
          await audit.record(
            { action: 'agent-update', subject: AGENTS_ORDER_SUBJECT, actor, details: { changes: { order: { from: before, to: after } } } },
            tx.executor,
          );
        }
        return (await tx.agents.list()).map(toAdminAgent);
      });
    },
    async delete(actor: Actor, id: string): Promise<{ id: string; name: string }> {
      return repo.transaction(async (tx) => {
        const all = await tx.agents.lockAll();
        const old = all.find((a) => a.id === id);
        if (!old) throw new AppError('NOT_FOUND', NOT_FOUND);
        const problem = defaultRuleProblem(old, { deleting: true });
        if (problem) throw new AppError('VALIDATION', problem);
        await tx.agents.delete(id);
        await audit.record({ action: 'agent-delete', subject: old.name, actor, details: { agentId: id, deleted: kept(old) } }, tx.executor);
        return { id, name: old.name };
      });
    },
  };
}
export type AgentsService = ReturnType<typeof createAgentsService>;
