import { createRequire, Module } from 'node:module';

const require = createRequire(import.meta.url);

type SaxEvent = { eventType: 'opentag' | 'text' | 'closetag'; value: unknown };
type Saxes = { on(event: string, listener: (value: unknown) => void): void; write(text: string): void; close(): void };

/**
 * exceljs 4.4's streaming reader decodes each inflated chunk on its own (lib/utils/parse-sax.js), so a letter whose
 * UTF-8 bytes straddle two chunks becomes two U+FFFD (exceljs issues #2063, #2316, open). This is that module with one
 * decoder per stream ({ stream: true } carries a split letter over), and the parser closed at the end so a sheet
 * whose tags never close is an error rather than silently short. It is put in Node's module cache before exceljs
 * loads, in the reader's process only.
 */
async function* parseSax(iterable: AsyncIterable<Buffer | string>): AsyncGenerator<SaxEvent[]> {
  const { SaxesParser } = createRequire(require.resolve('exceljs/lib/utils/parse-sax.js'))('saxes') as { SaxesParser: new () => Saxes };
  const parser = new SaxesParser();
  const decoder = new TextDecoder('utf-8');
  let error: unknown;
  let events: SaxEvent[] = [];
  parser.on('error', (err) => (error ??= err));
  parser.on('opentag', (value) => events.push({ eventType: 'opentag', value }));
  parser.on('text', (value) => events.push({ eventType: 'text', value }));
  parser.on('closetag', (value) => events.push({ eventType: 'closetag', value }));
  for await (const chunk of iterable) {
    parser.write(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
    if (error) throw error;
    yield events;
    events = [];
  }
  parser.write(decoder.decode());
  parser.close();
  if (error) throw error;
  yield events;
}

/** The exceljs module, with the parser above in place of its own (loaded afresh if it was loaded without it). */
export function loadExcelJs(): unknown {
  const saxPath = require.resolve('exceljs/lib/utils/parse-sax.js');
  if (require.cache[saxPath]?.exports !== parseSax) {
    const root = saxPath.slice(0, saxPath.lastIndexOf('/lib/utils/'));
    for (const key of Object.keys(require.cache)) if (key.startsWith(`${root}/`)) delete require.cache[key];
    const sax = new Module(saxPath);
    sax.filename = saxPath;
    sax.loaded = true;
    sax.exports = parseSax;
    require.cache[saxPath] = sax;
  }
  return require('exceljs');
}

/** One of exceljs's own modules (after loadExcelJs, so it is the instance the reader uses). */
export function requireExcelJsPart(name: 'iterate-stream'): unknown {
  return require(`exceljs/lib/utils/${name}.js`);
}
