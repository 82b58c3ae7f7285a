import fs from 'node:fs';
import path from 'node:path';
import type { FrontEnd } from '../modules/pages/front-end';
// The one place the server's side imports web/: tests render pages from the sources, as the build's server entry
// does in production (main.ts loads dist/server instead).
import { render, renderStream } from '../../web/entry-server';

/** The front end from source: web/index.html as the template, no built assets to link or serve. */
export function sourceFrontEnd(): FrontEnd {
  const template = fs.readFileSync(path.resolve('web/index.html'), 'utf8');
  return {
    render,
    renderStream,
    template: async () => template,
    assetTags: () => '',
    prefetchTags: () => '',
    register: async () => undefined,
  };
}
