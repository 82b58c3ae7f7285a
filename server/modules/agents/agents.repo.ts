import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { agents } from '../../db/schema/index';

export type AgentRow = typeof agents.$inferSelect;
/** An agent's promotion as stored (issue 29); null: none. */
export type PromoValues = { text: string; code: string | null; link: string | null; startsAt: Date; endsAt: Date };
export type AgentValues = {
  slug: string;
  name: string;
  linkTemplate: string;
  platformCodes: Record<string, string>;
  referralCode: string;
  enabled: boolean;
};

/** The agent statements, over the database or over a unit of work's transaction (server/db/unit-of-work.ts). */
export function createAgentsRepo({ db }: Database) {
  const order = [asc(agents.position), asc(sql`lower(${agents.name})`), asc(agents.id)];
  return {
    list(): Promise<AgentRow[]> {
      return db
        .select()
        .from(agents)
        .orderBy(...order);
    },
    listEnabled(): Promise<AgentRow[]> {
      return db
        .select()
        .from(agents)
        .where(eq(agents.enabled, true))
        .orderBy(...order);
    },
    /**
     * Every agent, locked until the transaction ends: the rules about the default agent are checked against the
     * rows they change (two admins' changes wait for each other). Only meaningful inside a unit of work's transaction.
     */
    lockAll(): Promise<AgentRow[]> {
      return db
        .select()
        .from(agents)
        .orderBy(...order)
        .for('update');
    },
    /** Throws a unique violation when the slug is taken. Goes after the last agent. */
    async insert(values: AgentValues): Promise<AgentRow> {
      const [row] = await db
        .insert(agents)
        .values({ ...values, position: sql`(select coalesce(max(${agents.position}) + 1, 0) from ${agents})` })
        .returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },
    async update(id: string, values: AgentValues): Promise<AgentRow | null> {
      const [row] = await db
        .update(agents)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(agents.id, id))
        .returning();
      return row ?? null;
    },
    /** Sets the agent's promotion (null: removes it); null when there is no such agent. */
    async setPromo(id: string, promo: PromoValues | null): Promise<AgentRow | null> {
      const [row] = await db
        .update(agents)
        .set({
          promoText: promo?.text ?? null,
          promoCode: promo?.code ?? null,
          promoLink: promo?.link ?? null,
          promoStartsAt: promo?.startsAt ?? null,
          promoEndsAt: promo?.endsAt ?? null,
          updatedAt: new Date(),
        })
        .where(eq(agents.id, id))
        .returning();
      return row ?? null;
    },
    /** Makes `id` the one default agent (null: none); the unique index allows one at a time. */
    async setDefault(id: string | null): Promise<void> {
      await db.update(agents).set({ isDefault: false, updatedAt: new Date() }).where(eq(agents.isDefault, true));
      if (id) await db.update(agents).set({ isDefault: true, updatedAt: new Date() }).where(eq(agents.id, id));
    },
    /** Positions 0, 1, 2, … in the order of `ids`. */
    async reorder(ids: string[]): Promise<void> {
      if (ids.length === 0) return;
      const values = sql.join(
        ids.map((id, i) => sql`(${id}::uuid, ${i}::int)`),
        sql`, `,
      );
      await db.execute(sql`update ${agents} a set position = v.position, updated_at = now()
        from (values ${values}) as v(id, position) where a.id = v.id and a.position <> v.position`);
    },
    /** Turns these agents off (BUY stops offering them; their settings stay). */
    async disable(ids: string[]): Promise<void> {
      if (ids.length === 0) return;
      await db.update(agents).set({ enabled: false, updatedAt: new Date() }).where(inArray(agents.id, ids));
    },
    async delete(id: string): Promise<boolean> {
      const deleted = await db.delete(agents).where(eq(agents.id, id)).returning({ id: agents.id });
      return deleted.length > 0;
    },
  };
}

export type AgentsRepo = ReturnType<typeof createAgentsRepo>;
