import iconv from 'iconv-lite';
import type { ImportEncoding } from '../../../../common/import-columns';

/** A file's text and the encoding it was read in (with a warning when that was a guess the operator should see). */
export type DecodedText = { text: string; encoding: string; warning: string | null };

const hasBom = (body: Uint8Array, ...bytes: number[]) => bytes.every((b, i) => body[i] === b);

/**
 * UTF-16 without a byte-order mark shows itself by NUL bytes on one side of each pair (ASCII letters, digits and
 * delimiters are one byte and a zero): 'le' when the zeros are at odd offsets.
 */
function utf16WithoutBom(body: Uint8Array): 'le' | 'be' | null {
  const n = Math.min(body.length - (body.length % 2), 4096);
  if (n < 4) return null;
  let even = 0;
  let odd = 0;
  for (let i = 0; i < n; i += 2) {
    if (body[i] === 0) even += 1;
    if (body[i + 1] === 0) odd += 1;
  }
  const pairs = n / 2;
  if (odd > pairs * 0.4 && even < pairs * 0.05) return 'le';
  if (even > pairs * 0.4 && odd < pairs * 0.05) return 'be';
  return null;
}

function decode(label: string, body: Uint8Array, fatal = false): string {
  // Node 20's TextDecoder reads 'windows-1252' as Latin-1 (0x80 becomes U+0080, not €): iconv-lite has the real table.
  if (label === 'windows-1252') return iconv.decode(Buffer.from(body.buffer, body.byteOffset, body.byteLength), 'windows-1252');
  // ignoreBOM false (the default) drops a byte-order mark of the label's own encoding.
  return new TextDecoder(label, { fatal }).decode(body);
}

/**
 * The text of a CSV or JSON file. 'auto': a byte-order mark decides (UTF-8, UTF-16 LE/BE); without one, UTF-16 is
 * recognised by its zero bytes, then valid UTF-8 is UTF-8 and anything else is read as Windows-1252 (what Excel on
 * Windows writes as "CSV"), with a warning naming it. A chosen encoding is used as it is (UTF-16's order still
 * comes from the mark, little-endian without one).
 */
export function decodeText(body: Uint8Array, chosen: ImportEncoding = 'auto'): DecodedText {
  const bomBe = hasBom(body, 0xfe, 0xff);
  if (chosen === 'utf-8') return { text: decode('utf-8', body), encoding: 'utf-8', warning: null };
  if (chosen === 'windows-1252') return { text: decode('windows-1252', body), encoding: 'windows-1252', warning: null };
  if (chosen === 'utf-16')
    return bomBe
      ? { text: decode('utf-16be', body), encoding: 'utf-16be', warning: null }
      : { text: decode('utf-16le', body), encoding: 'utf-16le', warning: null };
  if (hasBom(body, 0xef, 0xbb, 0xbf)) return { text: decode('utf-8', body), encoding: 'utf-8', warning: null };
  if (hasBom(body, 0xff, 0xfe)) return { text: decode('utf-16le', body), encoding: 'utf-16le', warning: null };
  if (bomBe) return { text: decode('utf-16be', body), encoding: 'utf-16be', warning: null };
  const sixteen = utf16WithoutBom(body);
  if (sixteen) {
    const encoding = `utf-16${sixteen}`;
    return {
      text: decode(encoding, body),
      encoding,
      warning: `The file has no byte-order mark; it was read as UTF-16 (${sixteen === 'le' ? 'little' : 'big'}-endian). Choose another encoding if the letters look wrong.`,
    };
  }
  try {
    return { text: decode('utf-8', body, true), encoding: 'utf-8', warning: null };
  } catch {
    return {
      text: decode('windows-1252', body),
      encoding: 'windows-1252',
      warning: 'The file is not UTF-8; it was read as Windows-1252 (Western European). Choose another encoding if the letters look wrong.',
    };
  }
}
