import { sql, type SQL } from 'drizzle-orm';
import type { ImportValues } from './import-rows';

// How an import's rows find their products (issue 26, decision 0052). A product's group is the seller item it is
// on (products.group_key: marketplace and item id, else the link); one group holds the colourways of one listing.

/** products.group_key's expression over an import row's values (jsonb as `values`): keep the two the same. */
export function rowGroupKeySql(values: string): SQL {
  return sql.raw(
    `(case when ${values}->>'sourceItemId' is not null then (${values}->>'sourcePlatform') || ':' || (${values}->>'sourceItemId')
           when ${values}->>'link' is not null then 'link:' || (${values}->>'link') end)`,
  );
}

/** A title as matching compares it: case and runs of white space do not count. */
export function titleKeySql(title: string): SQL {
  return sql.raw(`lower(regexp_replace(btrim(${title}), '\\s+', ' ', 'g'))`);
}

/** rowGroupKeySql in TypeScript, for the file's own rows. */
export function rowGroupKey(values: Pick<ImportValues, 'sourcePlatform' | 'sourceItemId' | 'link'>): string | null {
  if (values.sourceItemId !== null && values.sourcePlatform !== null) return `${values.sourcePlatform}:${values.sourceItemId}`;
  return values.link === null ? null : `link:${values.link}`;
}

export function titleKey(title: string): string {
  return title.trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * What makes two rows of one file the same product: our id, else the source's id, else group and title (rows on one
 * link with different titles are colourways, different products). null when the row names none of them.
 */
export function fileKey(values: ImportValues): { key: string; by: 'id' | 'group' } | null {
  if (values.id) return { key: values.id, by: 'id' };
  if (values.sourceId) return { key: `source:${values.sourceId}`, by: 'id' };
  const group = rowGroupKey(values);
  return group === null ? null : { key: `${group}\u0000${titleKey(values.title)}`, by: 'group' };
}
