// A worker thread's entry outside the compiled server: Node starts a worker from JavaScript only, and a worker does
// not inherit the tsx loader of the thread that started it (Node 20), so this loads the TypeScript entry named in
// `workerData.entry` through tsx's API. The compiled server (dist/app) starts its compiled workers directly.
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

await tsImport(workerData.entry, import.meta.url);
