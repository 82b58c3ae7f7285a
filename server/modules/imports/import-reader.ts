// The reader's process (decision 0049): started by read-import.ts for one file, it reads the file from its stdin,
// answers the table over IPC and ends. Its heap is capped by the flags it is started with; the parent kills it when it
// takes too long. Its own process, so nothing a file does to a parser (a crash, a polluted prototype, a runaway loop)
// reaches the server. In 'checked' mode it also checks the rows under the mapping the server sends back (decision
// 0049's addendum), so the server never holds the file's records nor spends its event loop on them.
import { columnsOf } from '../../../common/import-mapping';
import { AppError } from '../../errors';
import { checkRecord } from './import-rows';
import { joinTables } from './readers/join';
import { readTable } from './readers/read-table';
import {
  RECORDS_PER_MESSAGE,
  SAMPLE_RECORDS,
  type CheckOrder,
  type CheckedRow,
  type ReadReply,
  type ReadRequest,
} from './readers/reader-protocol';
import type { ImportRecord } from './readers/table';

const send = (reply: ReadReply): Promise<void> =>
  new Promise((resolve, reject) => {
    if (!process.send) return reject(new Error('the import reader runs only as a child process with IPC'));
    process.send(reply, undefined, {}, (err) => (err ? reject(err) : resolve()));
  });

/** The request thread's orders after the head, one at a time. */
const orders: CheckOrder[] = [];
let waiter: (() => void) | null = null;
function nextOrder(): Promise<CheckOrder> {
  const order = orders.shift();
  if (order) return Promise.resolve(order);
  return new Promise((resolve) => {
    waiter = () => {
      waiter = null;
      resolve(orders.shift() ?? { type: 'stop' });
    };
  });
}

async function stdinBytes(expected: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of process.stdin) {
    chunks.push(chunk as Buffer);
    length += (chunk as Buffer).length;
    if (length > expected) break;
  }
  return Buffer.concat(chunks, length);
}

/** Checks the records and answers them in batches, each sent once the one before it was acknowledged. */
async function sendChecked(records: Array<ImportRecord | undefined>): Promise<void> {
  const order = await nextOrder();
  if (order.type !== 'check') return;
  const columns = columnsOf(order.mapping);
  let unacknowledged = 0;
  for (let i = 0; i < records.length; i += RECORDS_PER_MESSAGE) {
    const rows: CheckedRow[] = [];
    for (let j = i; j < Math.min(records.length, i + RECORDS_PER_MESSAGE); j++) {
      const record = records[j];
      if (record === undefined) continue;
      rows.push({ row: record.row, checked: checkRecord(record, columns, order.context) });
      // Let the record go once checked: a large file's rows are not all held twice.
      records[j] = undefined;
    }
    // One batch ahead: this one is checked while the request thread stores the one before.
    while (unacknowledged >= 1) {
      const next = await nextOrder();
      if (next.type === 'stop') return;
      if (next.type === 'ack') unacknowledged -= 1;
    }
    await send({ type: 'checked', rows });
    unacknowledged += 1;
  }
  while (unacknowledged > 0) {
    const next = await nextOrder();
    if (next.type === 'stop') return;
    if (next.type === 'ack') unacknowledged -= 1;
  }
}

/** The second file of a join, read as the first is; a refusal names it. */
async function readSecond(body: Buffer, name: string, contentType: string, request: ReadRequest) {
  try {
    return await readTable(body, name, contentType, { encoding: request.options.encoding }, request.limits);
  } catch (err) {
    if (err instanceof AppError && (err.code === 'VALIDATION' || err.code === 'TOO_LARGE'))
      throw new AppError(err.code, `The second file (${name}): ${err.message}`);
    throw err;
  }
}

async function answer(request: ReadRequest): Promise<void> {
  try {
    const all = await stdinBytes(request.bytes + (request.join?.bytes ?? 0));
    const body = all.subarray(0, request.bytes);
    let table = await readTable(body, request.name, request.contentType, request.options, request.limits);
    if (request.join) {
      const { name, contentType, key, joinKey } = request.join;
      const second = all.subarray(request.bytes);
      if (second.length === 0) throw new AppError('VALIDATION', `The second file (${name}) is empty (0 bytes).`);
      const other = await readSecond(second, name, contentType, request);
      table = joinTables(table, other, name, { key, joinKey });
    }
    const { records, ...head } = table;
    if (request.mode === 'checked') {
      await send({ type: 'head', table: head, rows: records.length, sample: records.slice(0, SAMPLE_RECORDS) });
      await sendChecked(records);
    } else {
      await send({ type: 'head', table: head });
      for (let i = 0; i < records.length; i += RECORDS_PER_MESSAGE)
        await send({ type: 'records', records: records.slice(i, i + RECORDS_PER_MESSAGE) });
    }
    await send({ type: 'done' });
  } catch (err) {
    if (err instanceof AppError && (err.code === 'VALIDATION' || err.code === 'TOO_LARGE'))
      await send({ type: 'refused', code: err.code, message: err.message });
    else await send({ type: 'failed', message: err instanceof Error ? err.message : String(err) });
  }
  process.disconnect();
}

process.on('message', (message: ReadRequest | CheckOrder) => {
  if ('type' in message) {
    orders.push(message);
    waiter?.();
  } else void answer(message);
});
