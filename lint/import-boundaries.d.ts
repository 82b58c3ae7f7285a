// Types for the ESLint plugin written in JavaScript (eslint.config.js loads it without a TypeScript step).
import type { ESLint } from 'eslint';

export const MESSAGES: Record<
  | 'commonImportsSide'
  | 'webImportsServer'
  | 'serverImportsWeb'
  | 'featureImportsFeature'
  | 'featureImportsApp'
  | 'sharedImportsFeature'
  | 'appImportsScripts'
  | 'repoImportsService'
  | 'routeImportsDatabase'
  | 'importNotPlain'
  | 'textsOutsideHome'
  | 'settingsImportFeature'
  | 'databaseImportsSettings',
  string
>;
export const INLINE_BUSY_LABEL: string;
export function boundaryBroken(file: string, target: string): keyof typeof MESSAGES | null;
declare const plugin: ESLint.Plugin;
export default plugin;
