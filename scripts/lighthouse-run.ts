// One Lighthouse run for `npm run bench:web`, in a child process of its own (a crash of Chromium or of
// Lighthouse cannot take the runner with it). Lighthouse's CLI can only send cookies as a request header,
// which the page's own document.cookie does not see and which the browser replaces as soon as its jar holds
// any cookie for the site; a signed-in page then measures the sign-in page it redirects to. So this runner
// starts Chromium itself, puts the owner's cookies into the browser's jar, and hands the tab to Lighthouse.
// A repeat view (issue 48) first opens the page in that tab and waits until the portal's service worker
// controls it, then measures the page's next load with the browser's storage kept (the precache, the kept
// reads, the HTTP cache): what a returning visitor's phone does.
//   node scripts/lighthouse-run.ts <job.json>   job: { url, lang, preset, report, cookies: [{name, value}], view }
import { readFileSync, writeFileSync } from 'node:fs';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';

interface Job {
  url: string;
  lang: 'en' | 'de';
  preset: 'mobile' | 'desktop';
  report: string;
  cookies: { name: string; value: string; httpOnly: boolean }[];
  /** cold: a first visit (Lighthouse resets storage); repeat: after a visit, with the service worker in control. */
  view?: 'cold' | 'repeat';
}

const job = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8')) as Job;
const locale = job.lang === 'de' ? 'de-DE' : 'en-US';
// The browser's languages as a visitor's browser has them: --lang alone left navigator.languages English in
// headless Chromium, so a German run started the app in English (and downloaded both languages' texts).
const languages = job.lang === 'de' ? 'de-DE,de' : 'en-US,en';
const chrome = await launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    `--lang=${locale}`,
    `--accept-lang=${languages}`,
  ],
});
try {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const page = await browser.newPage();
  const origin = new URL(job.url).origin;
  if (job.cookies.length > 0) {
    await browser.setCookie(
      ...job.cookies.map((cookie) => ({
        ...cookie,
        domain: new URL(origin).hostname,
        path: '/',
        sameSite: 'Lax' as const,
      })),
    );
  }
  const repeat = job.view === 'repeat';
  if (repeat) {
    await page.goto(job.url, { waitUntil: 'load' });
    // The worker registers in idle time after the load and takes the page once its precache is complete; a
    // page without one (the baseline) is simply loaded once.
    await page
      .waitForFunction(() => navigator.serviceWorker?.controller !== null, { timeout: 30_000 })
      .catch(() => undefined);
    // Its first reads, made again to be kept, settle.
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  const result = await lighthouse(
    job.url,
    {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      disableStorageReset: repeat,
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      extraHeaders: { 'Accept-Language': languages },
    },
    job.preset === 'desktop' ? desktopConfig : undefined,
    page,
  );
  if (!result) throw new Error('Lighthouse returned no result');
  // A lost trace (NO_NAVSTART on a loaded machine) still gives a report, with every metric missing.
  if (result.lhr.runtimeError) throw new Error(`Lighthouse: ${result.lhr.runtimeError.code}`);
  writeFileSync(job.report, typeof result.report === 'string' ? result.report : result.report.join(''));
  await browser.disconnect();
} finally {
  chrome.kill();
}
