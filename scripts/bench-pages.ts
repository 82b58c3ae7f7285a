// Part of npm run bench: the pages as a visitor on a phone gets them. Starts the built site on a fresh data
// directory with the demo catalogue (pictures included), then runs Lighthouse (mobile preset, Debian's Chromium)
// three times on the finder, a product page and a guide article and prints the medians, counts the bytes before the
// first product can be painted, and each page's first JavaScript (an article's against the finder's: issue 43).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** What Lighthouse's mobile preset emulates (a Moto G Power): the user agent the server sees. */
const MOBILE_UA =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36';

const BENCH_ADMIN = { email: 'bench-admin@finder.test', password: 'bench admin password long' };
/** Issue 43's figure: the server's time to render an article of this many words with this many product cards. */
const LONG_GUIDE_WORDS = 3000;
const LONG_GUIDE_PRODUCTS = 10;

/**
 * Writes and publishes the long guide through the dashboard's API (signed in as the bench's admin): 3,000 words in
 * sections with headings, a product card after every few sections. Answers its address.
 */
async function longGuide(base: string, numbers: number[]): Promise<string> {
  const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(BENCH_ADMIN),
  });
  if (signIn.status !== 200) throw new Error(`the bench's admin could not sign in: ${signIn.status}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const words = 'a parcel from the agent warehouse is weighed measured and photographed before it ships to you'.split(' ');
  const paragraph = (n: number) => Array.from({ length: n }, (_, i) => words[i % words.length]).join(' ') + '.';
  const sections: string[] = [];
  const perSection = LONG_GUIDE_WORDS / 20;
  for (let i = 0; i < 20; i++) {
    sections.push(`## Step ${i + 1}`, paragraph(perSection / 2), `- ${paragraph(10)}\n- ${paragraph(10)}`, paragraph(perSection / 2 - 20));
    if (i % 2 === 1 && numbers[(i - 1) / 2] !== undefined) sections.push(`{{product:${numbers[(i - 1) / 2]}}}`);
  }
  const res = await fetch(`${base}/api/admin/guides`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, cookie },
    body: JSON.stringify({
      lang: 'en',
      versionOf: null,
      guide: {
        title: 'The long bench guide',
        slug: '',
        description: 'Three thousand words and ten products.',
        coverImageId: null,
        coverAlt: '',
        topic: 'Shipping',
        tags: [],
        authorName: 'Bench',
        status: 'published',
        publishAt: null,
        body: sections.join('\n\n'),
      },
    }),
  });
  if (res.status !== 201) throw new Error(`the long guide was refused: ${res.status} ${await res.text()}`);
  return `/guides/${((await res.json()) as { guide: { slug: string } }).guide.slug}`;
}

const gz = (body: Buffer | string) => zlib.gzipSync(body, { level: 9 }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function startSite(): Promise<{ base: string; child: ChildProcess; dir: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'finder-bench-pages-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      DATA_DIR: dir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      DATABASE_URL: '',
      // The admin who writes the long guide (issue 43's figure).
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      PUBLIC_URL: base,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, child, dir };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill();
  throw new Error('the site did not start within 2 minutes');
}

type Figures = { performance: number; cls: number; tbt: number; lcp: number; seo: number; accessibility: number };

async function audit(url: string): Promise<Figures> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'seo', 'accessibility'],
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { categories, audits } = result.lhr;
    const score = (name: string) => Math.round((categories[name]?.score ?? 0) * 100);
    const failed = Object.values(audits).filter(
      (a) =>
        a.score !== null &&
        a.score < 1 &&
        ['seo', 'accessibility'].some((c) => categories[c]?.auditRefs.some((r) => r.id === a.id && r.weight > 0)),
    );
    for (const a of failed) console.log(`    (${url.replace(/^https?:\/\/[^/]+/, '')}: ${a.id} ${a.score}: ${a.title})`);
    return {
      performance: score('performance'),
      seo: score('seo'),
      accessibility: score('accessibility'),
      cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
      tbt: audits['total-blocking-time']?.numericValue ?? NaN,
      lcp: audits['largest-contentful-paint']?.numericValue ?? NaN,
    };
  } finally {
    chrome.kill();
  }
}

/** Scripts and styles a page loads before it runs: script src, modulepreload and stylesheet links (not prefetch). */
function initialAssets(html: string): { js: string[]; css: string[] } {
  const js = [...html.matchAll(/<(?:script[^>]+src|link rel="modulepreload"[^>]*href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1] ?? '');
  // A disabled link names a stylesheet the page has inlined (no browser fetches it).
  const css = [...html.matchAll(/<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"(?![^>]*disabled)/g)].map((m) => m[1] ?? '');
  return { js: [...new Set(js)], css: [...new Set(css)] };
}

/** CPU time (user + system, ms) the process has used so far, from /proc (Linux). */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  // utime and stime are the 12th and 13th fields after the command, in clock ticks (100 a second on Linux).
  return ((Number(fields[11]) || 0) + (Number(fields[12]) || 0)) * 10;
}

/**
 * The server's CPU per page it renders (the response cache missed: each address is new), as its process counts it:
 * planning (the database's answers included), React's render and the template. Requests one at a time.
 */
async function renderCost(base: string, pid: number, pagePath: string, runs: number): Promise<number> {
  const get = async (i: number) => {
    const url = `${base}${pagePath}${pagePath.includes('?') ? '&' : '?'}utm_content=bench-${i}`;
    const res = await fetch(url, { headers: { 'user-agent': MOBILE_UA } });
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    await res.text();
  };
  for (let i = 0; i < 30; i++) await get(-1 - i);
  const before = cpuMs(pid);
  for (let i = 0; i < runs; i++) await get(i);
  return (cpuMs(pid) - before) / runs;
}

async function bytesOf(base: string, assets: string[]): Promise<number> {
  return (await filesOf(base, assets)).reduce((sum, [, bytes]) => sum + bytes, 0);
}

/** Each asset with its size, gzip -9. */
async function filesOf(base: string, assets: string[]): Promise<Array<[string, number]>> {
  const sizes: Array<[string, number]> = [];
  for (const asset of assets) sizes.push([asset, gz(Buffer.from(await (await fetch(`${base}${asset}`)).arrayBuffer()))]);
  return sizes;
}

/** "react 67.5, shell 23.6, …": a page's first JavaScript by file (the hash left out). */
const byFile = (sizes: Array<[string, number]>) =>
  sizes
    .sort((a, b) => b[1] - a[1])
    .map(([file, bytes]) => `${file.replace(/^\/assets\//, '').replace(/-[\w-]{8}\.js$/, '')} ${(bytes / 1024).toFixed(1)}`)
    .join(', ');

export async function benchPages(): Promise<void> {
  if (!fs.existsSync('dist/server/entry-server.js')) {
    console.log('\n(no build in dist: run npm run build for the page figures)');
    return;
  }
  const { base, child, dir } = await startSite();
  try {
    const first = (await (await fetch(`${base}/api/products?limit=1&seed=1`)).json()) as { items: Array<{ path: string }> };
    const productPath = first.items[0]?.path;
    if (!productPath) throw new Error('the demo catalogue is empty');
    // Issue 43: a starter guide (a short article with one card) and the long one.
    const guides = (await (await fetch(`${base}/api/guides`)).json()) as { items: Array<{ path: string }> };
    const guidePath = guides.items[0]?.path;
    if (!guidePath) throw new Error('the demo catalogue has no guide');
    const cards = (await (await fetch(`${base}/api/products?limit=${LONG_GUIDE_PRODUCTS}&seed=2`)).json()) as {
      items: Array<{ number: number }>;
    };
    const longPath = await longGuide(
      base,
      cards.items.map((p) => p.number),
    );

    // A server in production is warm: render each page a few dozen times first, so the audits do not measure the
    // just-started process compiling its code (on this 2-core machine it shares the CPU with the browser).
    for (let i = 0; i < 40; i++) {
      for (const pagePath of ['/', productPath, guidePath, longPath])
        await (await fetch(`${base}${pagePath}`, { headers: { 'user-agent': MOBILE_UA } })).text();
    }

    const RENDERS = Number(process.env.BENCH_RENDERS ?? 300);
    if (child.pid && fs.existsSync(`/proc/${child.pid}/stat`)) {
      const finderCpu = await renderCost(base, child.pid, '/', RENDERS);
      const productCpu = await renderCost(base, child.pid, productPath, RENDERS);
      console.log(
        `\nserver CPU per rendered page (response cache missed, ${RENDERS} each, one at a time): finder ${finderCpu.toFixed(2)} ms, ` +
          `product page ${productCpu.toFixed(2)} ms`,
      );
      const guideCpu = await renderCost(base, child.pid, guidePath, RENDERS);
      const longCpu = await renderCost(base, child.pid, longPath, RENDERS);
      console.log(
        `  guide article ${guidePath}: ${guideCpu.toFixed(2)} ms; a ${LONG_GUIDE_WORDS}-word article with ${LONG_GUIDE_PRODUCTS} product ` +
          `cards: ${longCpu.toFixed(2)} ms`,
      );
      // Issue 41: the same pages in German and Arabic (target: within 5% of English).
      for (const prefix of ['/de', '/ar']) {
        const f = await renderCost(base, child.pid, `${prefix}/`, RENDERS);
        const p = await renderCost(base, child.pid, `${prefix}${productPath}`, RENDERS);
        console.log(
          `  ${prefix}/: finder ${f.toFixed(2)} ms (${((f / finderCpu - 1) * 100).toFixed(1)}% against English), ` +
            `product page ${p.toFixed(2)} ms (${((p / productCpu - 1) * 100).toFixed(1)}%)`,
        );
      }
    }

    console.log('\n## Pages (demo catalogue, built site, Lighthouse 12 mobile preset, median of ' + RUNS + ' runs)');
    for (const [label, pagePath] of [
      ['finder /', '/'],
      [`product page ${productPath}`, productPath],
      [`guide article ${guidePath}`, guidePath],
    ] as const) {
      const runs: Figures[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await audit(`${base}${pagePath}`));
      const m = (key: keyof Figures) => median(runs.map((r) => r[key]));
      console.log(
        `${label}: performance ${m('performance')} (runs ${runs.map((r) => r.performance).join(', ')}), CLS ${m('cls').toFixed(3)}, ` +
          `TBT ${Math.round(m('tbt'))} ms, LCP ${Math.round(m('lcp'))} ms, SEO ${m('seo')}, accessibility ${m('accessibility')}` +
          '  (targets: performance >= 98, CLS <= 0.01, TBT <= 150 ms, SEO 100, accessibility 100)',
      );
    }

    // Bytes a phone needs before the first product can be painted: the HTML, its stylesheets and the first card's
    // picture at the width a phone picks (640 px for a 2-column grid at 2x and above).
    const finder = await fetch(`${base}/`, { headers: { 'user-agent': MOBILE_UA } });
    const finderHtml = await finder.text();
    const finderAssets = initialAssets(finderHtml);
    const cssGz = await bytesOf(base, finderAssets.css);
    const firstImage = /<ul class="grid">[\s\S]*?<img src="([^"]+)"[^>]*srcSet="[^"]*?([^" ,]+) 640w"/.exec(finderHtml);
    const imageUrl = firstImage?.[2] ?? firstImage?.[1];
    const imageBytes = imageUrl ? (await (await fetch(`${base}${imageUrl}`)).arrayBuffer()).byteLength : 0;
    const firstPaint = gz(finderHtml) + cssGz + imageBytes;
    console.log(
      `bytes before the first product is painted: ${kb(firstPaint)} (HTML ${kb(gz(finderHtml))} + CSS ${kb(cssGz)} gzip + first picture ${kb(imageBytes)} WebP; target <= 50 kB)`,
    );
    const finderFiles = await filesOf(base, finderAssets.js);
    const finderJs = finderFiles.reduce((sum, [, bytes]) => sum + bytes, 0);
    console.log(`finder initial JS: ${kb(finderJs)} gzip in ${finderAssets.js.length} file(s) (target <= 100 kB): ${byFile(finderFiles)}`);

    // Issue 41: the first JavaScript of the German and Arabic pages (the page's messages come in its HTML).
    for (const pagePath of ['/de/', '/ar/', `/ar${productPath}`]) {
      const html = await (await fetch(`${base}${pagePath}`, { headers: { 'user-agent': MOBILE_UA } })).text();
      const files = await filesOf(base, initialAssets(html).js);
      const js = files.reduce((sum, [, bytes]) => sum + bytes, 0);
      const messages = /<script type="application\/json" id="page-messages">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
      console.log(`${pagePath} initial JS: ${kb(js)} gzip (target <= 100 kB); the page's messages in its HTML ${kb(gz(messages))} gzip`);
    }

    // Issue 43: an article's first JavaScript (target: no more than the finder's first view).
    for (const [label, pagePath] of [
      ['guide article', guidePath],
      [`${LONG_GUIDE_WORDS}-word guide article`, longPath],
    ] as const) {
      const html = await (await fetch(`${base}${pagePath}`, { headers: { 'user-agent': MOBILE_UA } })).text();
      const assets = initialAssets(html);
      const files = await filesOf(base, assets.js);
      const js = files.reduce((sum, [, bytes]) => sum + bytes, 0);
      console.log(
        `${label} ${pagePath} initial JS: ${kb(js)} gzip in ${assets.js.length} file(s) (target <= the finder's ${kb(finderJs)}): ` +
          `${byFile(files)}; ${kb(await bytesOf(base, assets.css))} CSS, HTML ${kb(gz(html))}`,
      );
    }

    const productHtml = await (await fetch(`${base}${productPath}`, { headers: { 'user-agent': MOBILE_UA } })).text();
    const productAssets = initialAssets(productHtml);
    const productFiles = await filesOf(base, productAssets.js);
    const productJs = productFiles.reduce((sum, [, bytes]) => sum + bytes, 0);
    const productCss = await bytesOf(base, productAssets.css);
    console.log(
      `product page initial JS: ${kb(productJs)} gzip in ${productAssets.js.length} file(s) (target <= 100 kB): ${byFile(productFiles)}; ` +
        `${kb(productCss)} CSS, HTML ${kb(gz(productHtml))}`,
    );
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
