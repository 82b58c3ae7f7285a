/**
 * The password checker's thread (decision 0044): zxcvbn with the common and English dictionaries. They take about
 * 40 MB of heap once loaded, for the few moments an account's password is set; in a thread of their own that ends
 * when idle (password-strength.ts), that memory goes back to the system instead of staying with the server for good.
 */
import { parentPort } from 'node:worker_threads';

export type PasswordCheck = { id: number; password: string; related: string[] };
export type PasswordVerdict = { id: number; score: number; warning: string };

const [core, common, en] = await Promise.all([
  import('@zxcvbn-ts/core'),
  import('@zxcvbn-ts/language-common'),
  import('@zxcvbn-ts/language-en'),
]);
const zxcvbn = new core.ZxcvbnFactory({
  translations: en.translations,
  graphs: common.adjacencyGraphs,
  dictionary: { ...common.dictionary, ...en.dictionary },
});

parentPort?.on('message', ({ id, password, related }: PasswordCheck) => {
  const result = zxcvbn.check(password, related);
  parentPort?.postMessage({ id, score: result.score, warning: result.feedback.warning ?? '' } satisfies PasswordVerdict);
});
