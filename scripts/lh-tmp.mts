import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
for (const url of process.argv.slice(2)) {
  const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  const r = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  chrome.kill();
  const a = r!.lhr.audits;
  console.log(url.slice(-30), 'perf', r!.lhr.categories.performance!.score, 'TBT', Math.round(a['total-blocking-time']!.numericValue!), 'LCP', Math.round(a['largest-contentful-paint']!.numericValue!), 'FCP', Math.round(a['first-contentful-paint']!.numericValue!));
}
