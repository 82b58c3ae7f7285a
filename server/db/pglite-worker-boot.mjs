// The worker thread's entry: Node starts a worker from JavaScript only, and a worker does not inherit the tsx
// loader of the thread that started it (Node 20), so this loads the TypeScript worker through tsx's API.
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

await tsImport(workerData.entry, import.meta.url);
