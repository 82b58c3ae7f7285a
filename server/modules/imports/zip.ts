// The export's zip writer. Zips are read (and checked before inflating) by yauzl in readers/zip-check.ts (issue 26).
import zlib from 'node:zlib';

type Entry = { name: Buffer; crc: number; compressedSize: number; size: number; offset: number };

/**
 * Writes a zip archive as it goes, for an export streamed to the browser: each entry is deflated in pieces (each
 * piece ends on a sync flush, so pieces join into one stream) and its sizes follow in a data descriptor.
 */
export function createZipWriter() {
  const entries: Entry[] = [];
  let offset = 0;
  let current: Entry | null = null;
  const out = (chunks: Buffer[]): Buffer => {
    const joined = Buffer.concat(chunks);
    offset += joined.length;
    return joined;
  };
  return {
    /** The local header of a new entry; write its content with `data`, then `close`. */
    begin(name: string): Buffer {
      const nameBytes = Buffer.from(name, 'utf8');
      current = { name: nameBytes, crc: 0, compressedSize: 0, size: 0, offset };
      const header = Buffer.alloc(30);
      header.writeUInt32LE(0x04034b50, 0);
      header.writeUInt16LE(20, 4);
      header.writeUInt16LE(0x0808, 6); // sizes in a data descriptor; names in UTF-8
      header.writeUInt16LE(8, 8);
      header.writeUInt16LE(nameBytes.length, 26);
      return out([header, nameBytes]);
    },
    data(content: string | Buffer): Buffer {
      if (!current) throw new Error('no zip entry open');
      const raw = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
      current.crc = zlib.crc32(raw, current.crc);
      current.size += raw.length;
      const packed = zlib.deflateRawSync(raw, { finishFlush: zlib.constants.Z_SYNC_FLUSH });
      current.compressedSize += packed.length;
      return out([packed]);
    },
    close(): Buffer {
      if (!current) throw new Error('no zip entry open');
      const last = zlib.deflateRawSync(Buffer.alloc(0));
      current.compressedSize += last.length;
      const descriptor = Buffer.alloc(16);
      descriptor.writeUInt32LE(0x08074b50, 0);
      descriptor.writeUInt32LE(current.crc >>> 0, 4);
      descriptor.writeUInt32LE(current.compressedSize, 8);
      descriptor.writeUInt32LE(current.size, 12);
      entries.push(current);
      current = null;
      return out([last, descriptor]);
    },
    /** The central directory and its end record. */
    finish(): Buffer {
      const start = offset;
      const parts: Buffer[] = [];
      for (const e of entries) {
        const header = Buffer.alloc(46);
        header.writeUInt32LE(0x02014b50, 0);
        header.writeUInt16LE(20, 4);
        header.writeUInt16LE(20, 6);
        header.writeUInt16LE(0x0808, 8);
        header.writeUInt16LE(8, 10);
        header.writeUInt32LE(e.crc >>> 0, 16);
        header.writeUInt32LE(e.compressedSize, 20);
        header.writeUInt32LE(e.size, 24);
        header.writeUInt16LE(e.name.length, 28);
        header.writeUInt32LE(e.offset, 42);
        parts.push(header, e.name);
      }
      const directory = Buffer.concat(parts);
      const endRecord = Buffer.alloc(22);
      endRecord.writeUInt32LE(0x06054b50, 0);
      endRecord.writeUInt16LE(entries.length, 8);
      endRecord.writeUInt16LE(entries.length, 10);
      endRecord.writeUInt32LE(directory.length, 12);
      endRecord.writeUInt32LE(start, 16);
      return out([directory, endRecord]);
    },
  };
}
