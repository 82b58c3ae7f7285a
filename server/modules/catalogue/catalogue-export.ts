import { Readable } from 'node:stream';
import { z } from 'zod';
import {
  EXPORT_COLUMNS,
  TRANSLATED_FIELDS,
  type ExportColumn,
  type ExportFormat,
  type TranslatedField,
} from '../../../common/import-columns';
import { apiSchemas } from '../../../common/schemas/registry';
import { csvField } from '../imports/csv';
import { writeXlsx, type XlsxCell } from '../imports/xlsx';
import type { AdminFilter } from './catalogue.repo';
import type { ProductRow } from './product-columns';

/** Rows read per statement while exporting: small enough to keep memory flat, large enough to be quick. */
const EXPORT_BATCH = 2000;

export type ExportRead = (filter: AdminFilter, afterRow: number, limit: number) => Promise<ProductRow[]>;

function cellsOf(row: ProductRow): Record<ExportColumn, string | number | boolean | null> {
  return {
    id: row.id,
    sourceId: row.sourceId,
    title: row.title,
    price: row.price,
    category: row.category,
    gender: row.gender,
    brand: row.brand,
    description: row.description,
    isBestProduct: row.isBestProduct,
    link: row.link,
    image: row.image,
    // The texts in other languages (issue 41): empty where there is none, as an import reads them back.
    ...(Object.fromEntries(TRANSLATED_FIELDS.map((t) => [t.field, row.translations[t.lang]?.[t.text] ?? ''])) as Record<
      TranslatedField,
      string
    >),
    number: row.number,
    row: row.row,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** One product of the JSON export, as the API document describes it (the same columns as CSV and XLSX). */
export const exportedProductSchema = z
  .object({
    id: z.string(),
    sourceId: z.string().nullable().describe('The id the product had where it was imported from'),
    title: z.string(),
    price: z.number(),
    category: z.string().nullable(),
    gender: z.string().nullable(),
    brand: z.string(),
    description: z.string(),
    isBestProduct: z.boolean(),
    link: z.string().nullable(),
    image: z.string().nullable(),
    ...(Object.fromEntries(
      TRANSLATED_FIELDS.map((t) => [t.field, z.string().describe(`The ${t.text} in ${t.language}; empty: none (the English one shows)`)]),
    ) as Record<TranslatedField, z.ZodString>),
    number: z.number().int(),
    row: z.number().int(),
    createdAt: z.string().describe('ISO 8601'),
    updatedAt: z.string().describe('ISO 8601'),
  } satisfies Record<ExportColumn, z.ZodType>)
  .register(apiSchemas, { id: 'ExportedProduct' });

/** The matching products in row order, a batch at a time (keyset on row: each batch one index range). */
async function* batches(read: ExportRead, filter: AdminFilter): AsyncGenerator<ProductRow[]> {
  // The smallest integer the row column holds: every row comes after it.
  let after = -2147483648;
  for (;;) {
    const rows = await read(filter, after, EXPORT_BATCH);
    if (rows.length === 0) return;
    yield rows;
    after = rows.at(-1)?.row ?? after;
    if (rows.length < EXPORT_BATCH) return;
  }
}

async function* csv(read: ExportRead, filter: AdminFilter): AsyncGenerator<string> {
  // A byte-order mark: Excel then reads the file as UTF-8 (accents, ¥, emoji).
  yield `\uFEFF${EXPORT_COLUMNS.join(',')}\r\n`;
  for await (const rows of batches(read, filter)) {
    yield rows
      .map((row) => {
        const cells = cellsOf(row);
        return `${EXPORT_COLUMNS.map((c) => csvField(cells[c])).join(',')}\r\n`;
      })
      .join('');
  }
}

async function* json(read: ExportRead, filter: AdminFilter): AsyncGenerator<string> {
  yield '[';
  let first = true;
  for await (const rows of batches(read, filter)) {
    const text = rows.map((row) => JSON.stringify(cellsOf(row))).join(',\n');
    yield first ? `\n${text}` : `,\n${text}`;
    first = false;
  }
  yield '\n]\n';
}

async function* xlsxRows(read: ExportRead, filter: AdminFilter): AsyncGenerator<XlsxCell[][]> {
  for await (const rows of batches(read, filter)) {
    yield rows.map((row) => {
      const cells = cellsOf(row);
      return EXPORT_COLUMNS.map((c) => cells[c]);
    });
  }
}

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * The catalogue (or the products matching the admin list's filters) as a file, streamed as it is read: the columns
 * of `EXPORT_COLUMNS`, which an import reads back as the same products (matched by id, or by the source's id where
 * ours is not found, another site's say; nothing changed).
 */
export function exportProducts(read: ExportRead, filter: AdminFilter, format: ExportFormat, now = new Date()) {
  const source =
    format === 'csv'
      ? csv(read, filter)
      : format === 'json'
        ? json(read, filter)
        : writeXlsx('Products', EXPORT_COLUMNS, xlsxRows(read, filter));
  return {
    fileName: `finder-products-${now.toISOString().slice(0, 10)}.${format}`,
    contentType: EXPORT_CONTENT_TYPES[format],
    stream: Readable.from(source),
  };
}
