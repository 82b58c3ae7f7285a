import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { AppError } from '../../../errors';
import type { ReadLimits } from './table';

export type ZipKind = 'xlsx' | 'ods';

/** Entries smaller than this inflated are not held to the ratio (a small, very regular part packs well). */
const RATIO_FROM_BYTES = 10 * 1024 * 1024;

const notReadable = (detail: string) => new AppError('VALIDATION', `The file is not a readable XLSX or ODS workbook: ${detail}`);
const bomb = (limits: ReadLimits) =>
  new AppError(
    'VALIDATION',
    `The workbook unpacks to more than an import reads (at most ${Math.round(limits.maxInflatedBytes / 1024 / 1024)} MB, packed at most 1:${limits.maxInflateRatio}): it looks like a zip bomb. Save the sheet as CSV, or split it.`,
  );

function open(body: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.fromBuffer(body, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false, decodeStrings: true }, (err, zip) =>
      err || !zip ? reject(notReadable(`its zip archive is damaged (${err?.message ?? 'no archive'}).`)) : resolve(zip),
    ),
  );
}

/**
 * Checks a workbook's zip before any reader inflates it (yauzl, from the central directory): at most `maxEntries`
 * entries, none encrypted, and everything inflated — counted byte by byte, whatever the headers claim — at most
 * `maxInflatedBytes` together. A deflate bomb stops at the limit, a damaged or truncated archive is refused, and the
 * entries say what the workbook is (XLSX or ODS).
 */
export async function checkZip(body: Buffer, limits: ReadLimits): Promise<ZipKind> {
  const zip = await open(body);
  const names = new Set<string>();
  let inflated = 0;
  let mimetype = '';
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', (err: Error) => reject(err instanceof AppError ? err : notReadable(`its zip archive is damaged (${err.message}).`)));
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        names.add(entry.fileName);
        if (names.size > limits.maxEntries)
          return reject(notReadable(`its archive has more than ${limits.maxEntries.toLocaleString('en-US')} files.`));
        if (entry.isEncrypted())
          return reject(new AppError('VALIDATION', 'The workbook is protected with a password: save a copy without one and import that.'));
        if (inflated + entry.uncompressedSize > limits.maxInflatedBytes) return reject(bomb(limits));
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(notReadable(`its zip archive is damaged (${err?.message ?? 'unreadable entry'}).`));
          const keep = entry.fileName === 'mimetype';
          let own = 0;
          stream.on('data', (chunk: Buffer) => {
            inflated += chunk.length;
            own += chunk.length;
            if (own > RATIO_FROM_BYTES && own > Math.max(1, entry.compressedSize) * limits.maxInflateRatio) {
              stream.destroy();
              reject(bomb(limits));
              return;
            }
            if (keep && mimetype.length < 200) mimetype += chunk.toString('latin1');
            if (inflated > limits.maxInflatedBytes) {
              stream.destroy();
              reject(bomb(limits));
            }
          });
          stream.on('error', (e: Error) => reject(notReadable(`its zip archive is damaged (${e.message}).`)));
          stream.on('end', () => zip.readEntry());
        });
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
  if (names.has('xl/workbook.xml')) return 'xlsx';
  if (names.has('content.xml') && (mimetype === '' || mimetype.includes('opendocument.spreadsheet'))) return 'ods';
  throw new AppError('VALIDATION', 'The file is a zip archive but not a workbook: an import reads CSV, XLSX, ODS or JSON files.');
}

/** A checked workbook's parts by name, each inflated as it is read (yauzl, from the central directory). */
export type ZipParts = { names: Set<string>; open(name: string): Promise<Readable | null> };

export async function zipParts(body: Buffer): Promise<ZipParts> {
  const zip = await open(body);
  const entries = new Map<string, yauzl.Entry>();
  await new Promise<void>((resolve, reject) => {
    zip.on('error', (err: Error) => reject(notReadable(`its zip archive is damaged (${err.message}).`)));
    zip.on('end', () => resolve());
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.readEntry();
  });
  return {
    names: new Set(entries.keys()),
    open: (name) => {
      const entry = entries.get(name);
      if (!entry) return Promise.resolve(null);
      return new Promise((resolve, reject) =>
        zip.openReadStream(entry, (err, stream) =>
          err || !stream ? reject(notReadable(`its part ${name} is damaged.`)) : resolve(stream),
        ),
      );
    },
  };
}
