import type { Synonym } from '../../../common/schemas/synonym';
import { DEFAULT_BRAND_ALIASES, type BrandAlias } from '../../../common/import-derive';
import { SYNONYM_TEXTS } from '../../../common/texts/synonyms';
import { AppError } from '../../errors';
import type { Transact } from '../../db/unit-of-work';
import type { Actor, AuditRepo } from '../audit/audit.repo';
import type { SynonymRow, SynonymsRepo } from './synonyms.repo';

export function toSynonym(row: SynonymRow): Synonym {
  return { id: row.id, terms: row.terms, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

/** How the audit log names a group: its terms. */
const subjectOf = (terms: string[]) => terms.join(', ');

/**
 * The Synonyms section's rules (issue 27). Each change lands with its audit entry in one transaction; the search
 * index of every process reads the synonyms again at its next search (it checks their count and last change).
 */
export function createSynonymsService(repo: SynonymsRepo, transaction: Transact<{ synonyms: SynonymsRepo; audit: AuditRepo }>) {
  return {
    /** The kept brand list an import reads brands from titles with (issue 40): the default until an admin edits it. */
    async brandAliases(): Promise<{ items: BrandAlias[]; isDefault: boolean }> {
      const kept = await repo.brandAliases();
      return { items: kept ?? [...DEFAULT_BRAND_ALIASES], isDefault: kept === null };
    },
    /** Replaces the list (one transaction, one audit entry); the same list again records nothing. */
    async replaceBrandAliases(actor: Actor, items: BrandAlias[]): Promise<{ items: BrandAlias[]; isDefault: boolean }> {
      return transaction(async (tx) => {
        const old = (await tx.synonyms.lockBrandAliases()) ?? [...DEFAULT_BRAND_ALIASES];
        if (JSON.stringify(old) === JSON.stringify(items)) return { items, isDefault: false };
        await tx.synonyms.saveBrandAliases(items);
        const key = (a: BrandAlias) => `${a.alias} → ${a.brand}`;
        const before = new Set(old.map(key));
        const after = new Set(items.map(key));
        const details = {
          added: [...after].filter((a) => !before.has(a)).slice(0, 50),
          removed: [...before].filter((a) => !after.has(a)).slice(0, 50),
          count: items.length,
        };
        await tx.audit.record({ action: 'brand-aliases-update', subject: 'Brand list', actor, details });
        return { items, isDefault: false };
      });
    },
    async list(): Promise<Synonym[]> {
      return (await repo.list()).map(toSynonym);
    },
    async create(actor: Actor, terms: string[]): Promise<Synonym> {
      return transaction(async (tx) => {
        const row = await tx.synonyms.insert(terms);
        await tx.audit.record({ action: 'synonym-create', subject: subjectOf(terms), actor, details: { synonymId: row.id, terms } });
        return toSynonym(row);
      });
    },
    /** An edit that changes nothing records nothing. */
    async update(actor: Actor, id: string, terms: string[]): Promise<Synonym> {
      return transaction(async (tx) => {
        const old = await tx.synonyms.lock(id);
        if (!old) throw new AppError('NOT_FOUND', SYNONYM_TEXTS.notFound);
        if (JSON.stringify(old.terms) === JSON.stringify(terms)) return toSynonym(old);
        const row = await tx.synonyms.update(id, terms);
        if (!row) throw new AppError('NOT_FOUND', SYNONYM_TEXTS.notFound);
        const details = { synonymId: id, changes: { terms: { from: old.terms, to: terms } } };
        await tx.audit.record({ action: 'synonym-update', subject: subjectOf(terms), actor, details });
        return toSynonym(row);
      });
    },
    async delete(actor: Actor, id: string): Promise<{ id: string; terms: string[] }> {
      return transaction(async (tx) => {
        const old = await tx.synonyms.lock(id);
        if (!old || !(await tx.synonyms.delete(id))) throw new AppError('NOT_FOUND', SYNONYM_TEXTS.notFound);
        await tx.audit.record({
          action: 'synonym-delete',
          subject: subjectOf(old.terms),
          actor,
          details: { synonymId: id, deleted: { terms: old.terms } },
        });
        return { id, terms: old.terms };
      });
    },
  };
}
export type SynonymsService = ReturnType<typeof createSynonymsService>;
