import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SESSION_HINT_COOKIE } from '@pet/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { precompressDir } from '../../../web/build/precompress.ts';
import { decodedBody, type RawResponse, rawRequest } from '../../test/support/raw-http.ts';
import { useTestApp } from '../../test/support/test-app.ts';
import { IMMUTABLE, LOGO_CACHE } from './web.ts';

// The web app as a browser gets it from a started server (real HTTP, the bytes as sent): the build's .br and
// .gz twins (made by the build's own plugin, apps/web/build/precompress.ts) with their Content-Encoding, the
// plain file without Accept-Encoding, hashed assets cached for a year and everything else revalidated.

const script = `console.log(${JSON.stringify('a pet portal '.repeat(2_000))});\n`;
const html = `<!doctype html><html><head><title>Pets</title><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div>${'<!-- page -->'.repeat(200)}</body></html>`;
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(3_000, 1),
]);

// A small build of its own: the folder must exist when the app is built (useTestApp's beforeAll).
const dist = mkdtempSync(join(tmpdir(), 'pet-web-dist-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), html);
writeFileSync(join(dist, 'assets', 'app-abc123.js'), script);
writeFileSync(join(dist, 'assets', 'photo-abc123.png'), png);
writeFileSync(join(dist, 'robots.txt'), 'User-agent: *\n');
writeFileSync(join(dist, 'sw.js'), `self.addEventListener('fetch', () => {});${'// worker\n'.repeat(100)}`);
mkdirSync(join(dist, 'brands'));
writeFileSync(
  join(dist, 'brands', 'petention.svg'),
  `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(300)}</svg>`,
);
// The build's list of what known routes add (apps/web/build/preloads.ts), one path that is no asset among them.
writeFileSync(
  join(dist, 'preloads.json'),
  JSON.stringify({
    routes: {
      '/dashboard': { scripts: ['/assets/Dashboard-abc.js', 'https://elsewhere.test/x.js'], styles: [] },
      '/pet-details/:name/:id': {
        scripts: ['/assets/PetDetails-abc.js'],
        styles: ['/assets/PetDetails-abc.css'],
      },
      '/pet-details/:name/:id/appointments': { scripts: ['/assets/PetAppointments-abc.js'], styles: [] },
      '/my-account/subscription': { scripts: ['/assets/Subscription-abc.js'], styles: [] },
    },
    texts: {
      en: { start: ['/assets/start-en.js'], rest: ['/assets/rest-en.js'] },
      de: { start: ['/assets/start-de.js'], rest: ['/assets/rest-de.js'] },
    },
  }),
);
for (const language of ['en', 'de']) {
  writeFileSync(
    join(dist, `manifest.${language}.webmanifest`),
    JSON.stringify({ name: 'Petention', lang: language }),
  );
}
precompressDir(dist);

const t = useTestApp({ serveWeb: true, env: { WEB_DIST_DIR: dist } });
let origin: string;
beforeAll(async () => {
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };
const get = (path: string, headers: Record<string, string> = {}) =>
  rawRequest(`${origin}${path}`, { headers });

function expectVariesByEncoding(response: RawResponse) {
  expect(response.headers.vary?.toLowerCase()).toContain('accept-encoding');
}

describe('hashed assets', () => {
  test('brotli to a browser that accepts it: the twin, unpacking to the file, cached for a year', async () => {
    const response = await get('/assets/app-abc123.js', BROWSER);
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expectVariesByEncoding(response);
    expect(response.body.length).toBeLessThan(script.length / 10);
    expect(Number(response.headers['content-length'])).toBe(response.body.length);
    expect(decodedBody(response).toString()).toBe(script);
  });

  test('gzip when brotli is not accepted; the plain file without Accept-Encoding', async () => {
    const gzip = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decodedBody(gzip).toString()).toBe(script);
    expect(gzip.headers['cache-control']).toBe(IMMUTABLE);

    const plain = await get('/assets/app-abc123.js');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
    expectVariesByEncoding(plain);
  });

  test('a picture goes out as it is, cached for a year; the twins are no routes of their own', async () => {
    const response = await get('/assets/photo-abc123.png', BROWSER);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.body.equals(png)).toBe(true);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    // Not the .br file as a download: the fallback's page (a path that is no file of the app).
    const twin = await get('/assets/app-abc123.js.br', BROWSER);
    expect(twin.headers['content-type']).toMatch(/^text\/html/);
  });

  test('revalidation answers 304, HEAD answers the headers without the body', async () => {
    const first = await get('/assets/app-abc123.js', BROWSER);
    const again = await get('/assets/app-abc123.js', {
      ...BROWSER,
      'if-none-match': String(first.headers.etag),
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const head = await rawRequest(`${origin}/assets/app-abc123.js`, { method: 'HEAD', headers: BROWSER });
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.body.length).toBe(0);
  });
});

describe('the brand logo', () => {
  test('kept a day, not revalidated on each of its uses in a first visit', async () => {
    const logo = await get('/brands/petention.svg', BROWSER);
    expect(logo.status).toBe(200);
    expect(logo.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(logo.headers['cache-control']).toBe(LOGO_CACHE);
    expect(LOGO_CACHE).toMatch(/max-age=86400/);
  });
});

describe('the service worker (issue 48)', () => {
  test('its script at the root, revalidated on every check, so a deploy reaches every open tab', async () => {
    const worker = await get('/sw.js', BROWSER);
    expect(worker.status).toBe(200);
    expect(worker.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(decodedBody(worker).toString()).toContain("self.addEventListener('fetch'");
  });

  test('the app shell it keeps is the app’s page with the configuration inlined, without a session’s reads', async () => {
    const shell = await get('/app-shell', BROWSER);
    expect(shell.status).toBe(200);
    const page = decodedBody(shell).toString();
    const inlined = /<script type="application\/json" id="public-config">(.*?)<\/script>/.exec(page)?.[1];
    expect(JSON.parse(inlined ?? 'null')).toEqual(JSON.parse((await get('/v1/config')).body.toString()));
    expect(page).toContain('<script type="module" src="/assets/app-abc123.js"></script>');
    expect(page).not.toContain('as="fetch"');
  });
});

/**
 * A page beyond sign-in as served to a visitor in English: the build's index.html with the server's public
 * configuration, the English web app manifest and the texts' chunks before </head>.
 */
async function servedHtml(): Promise<string> {
  const config = await get('/v1/config');
  const tag = `<script type="application/json" id="public-config">${config.body.toString()}</script>`;
  const texts = ['/assets/start-en.js', '/assets/rest-en.js']
    .map((href) => `<link rel="modulepreload" crossorigin href="${href}" fetchpriority="low">`)
    .join('');
  const manifest = '<link rel="manifest" href="/manifest.en.webmanifest">';
  return html.replace('</head>', `${tag}${manifest}${texts}</head>`);
}

const modulesOf = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)" fetchpriority="low">/g)].map(
    (m) => m[1],
  );

describe('index.html', () => {
  test('carries GET /v1/config inlined, so that no first load waits for it', async () => {
    const page = decodedBody(await get('/dashboard', BROWSER)).toString();
    const inlined = /<script type="application\/json" id="public-config">(.*?)<\/script>/.exec(page)?.[1];
    expect(JSON.parse(inlined ?? 'null')).toEqual(JSON.parse((await get('/v1/config')).body.toString()));
    expect(page.indexOf('id="public-config"')).toBeLessThan(page.indexOf('</head>'));
  });

  test('on a route the build knows, names that route’s chunks in the head; nowhere else', async () => {
    const dashboard = decodedBody(await get('/dashboard/', BROWSER)).toString();
    expect(dashboard).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/Dashboard-abc.js" fetchpriority="low">',
    );
    expect(dashboard).not.toContain('elsewhere.test');
    const pet = decodedBody(await get('/pet-details/Bello/1?tab=x', BROWSER)).toString();
    expect(pet).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/PetDetails-abc.js" fetchpriority="low">',
    );
    expect(pet).toContain('<link rel="preload" as="style" crossorigin href="/assets/PetDetails-abc.css">');
    expect(pet).not.toContain('Dashboard-abc');
    // Elsewhere only the texts (issue 46: every page's).
    for (const path of ['/pet-details/Bello/1/contacts', '/my-account', '/']) {
      expect(modulesOf(decodedBody(await get(path, BROWSER)).toString()), path).toEqual([
        '/assets/start-en.js',
        '/assets/rest-en.js',
      ]);
    }
    expect((await get('/preloads.json', BROWSER)).headers['content-type']).toMatch(/^text\/html/);
  });

  test('with the signed-in hint, the profile the app asks for first is preloaded as the app will fetch it', async () => {
    const preload = '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/v1/auth/myinfo">';
    const hinted = await get('/pet-details/Bello/1', {
      ...BROWSER,
      cookie: `other=1; ${SESSION_HINT_COOKIE}=1`,
    });
    expect(decodedBody(hinted).toString()).toContain(preload);
    expect(decodedBody(hinted).toString()).toContain('PetDetails-abc.js');
    expect(hinted.headers.vary?.toLowerCase()).toContain('cookie');
    const anonymous = await get('/pet-details/Bello/1', BROWSER);
    expect(decodedBody(anonymous).toString()).not.toContain(preload);
    expect(anonymous.headers.etag).not.toBe(hinted.headers.etag);
  });

  test("with the signed-in hint, a page's first reads are preloaded too, for that pet; a malformed id gets none", async () => {
    const hint = { ...BROWSER, cookie: `${SESSION_HINT_COOKIE}=1` };
    const fetched = (html: string) =>
      [...html.matchAll(/<link rel="preload" as="fetch" crossorigin="use-credentials" href="([^"]+)">/g)].map(
        (m) => m[1],
      );
    const pet = decodedBody(await get('/pet-details/Bello/pet_7-x', hint)).toString();
    expect(fetched(pet)).toEqual(['/v1/auth/myinfo', '/v1/pet?pet_id=pet_7-x']);
    const other = decodedBody(await get('/pet-details/Bello/pet_8', hint)).toString();
    expect(fetched(other)).toEqual(['/v1/auth/myinfo', '/v1/pet?pet_id=pet_8']);
    const appointments = decodedBody(await get('/pet-details/Bello/pet_7/appointments/', hint)).toString();
    expect(fetched(appointments)).toEqual([
      '/v1/auth/myinfo',
      '/v1/appointment/mypetappointments?pet_id=pet_7',
      '/v1/pet?pet_id=pet_7',
    ]);
    expect(appointments).toContain('PetAppointments-abc.js');
    const subscription = decodedBody(await get('/my-account/subscription', hint)).toString();
    expect(fetched(subscription)).toEqual([
      '/v1/auth/myinfo',
      '/v1/subscription/product/list?partner_id=petention',
    ]);
    for (const id of ['%22%3E%3Cscript%3E', 'a.b', 'x'.repeat(65)]) {
      const page = decodedBody(await get(`/pet-details/Bello/${id}`, hint)).toString();
      expect(fetched(page), id).toEqual(['/v1/auth/myinfo']);
      expect(page, id).toContain('PetDetails-abc.js');
    }
    // Signed out: no reads at all.
    expect(fetched(decodedBody(await get('/pet-details/Bello/pet_7', BROWSER)).toString())).toEqual([]);
  });

  test("the texts the app starts with, in the visitor's language: the language cookie, else the browser's", async () => {
    const page = async (path: string, headers: Record<string, string>) => {
      const response = await get(path, { ...BROWSER, ...headers });
      expect(response.headers.vary?.toLowerCase()).toContain('accept-language');
      return modulesOf(decodedBody(response).toString());
    };
    // Sign-in pages need only the start part; every other page the rest too.
    expect(await page('/signin', { 'accept-language': 'de-AT,de;q=0.9,en;q=0.5' })).toEqual([
      '/assets/start-de.js',
    ]);
    expect(await page('/forgot-password', { 'accept-language': 'fr-FR, de' })).toEqual([
      '/assets/start-en.js',
    ]);
    expect(await page('/dashboard', { 'accept-language': 'de', cookie: 'pet.lang=en' })).toEqual([
      '/assets/Dashboard-abc.js',
      '/assets/start-en.js',
      '/assets/rest-en.js',
    ]);
    expect(await page('/my-account/profile', { cookie: `${SESSION_HINT_COOKIE}=1; pet.lang=de` })).toEqual([
      '/assets/start-de.js',
      '/assets/rest-de.js',
    ]);
    // A language the portal does not have falls back to the browser's.
    expect(await page('/signin', { 'accept-language': 'de', cookie: 'pet.lang=fr' })).toEqual([
      '/assets/start-de.js',
    ]);
  });

  test("with the signed-in hint, the brand's logo holds the screen until the app draws; without, the root is empty", async () => {
    const hinted = decodedBody(
      await get('/dashboard', { ...BROWSER, cookie: `${SESSION_HINT_COOKIE}=1` }),
    ).toString();
    expect(hinted).toMatch(
      /<div id="root"><div style="[^"]*min-height:100dvh[^"]*"><img src="\/brands\/petention\.svg" alt="Petention" height="34"[^>]*><\/div><\/div>/,
    );
    const anonymous = decodedBody(await get('/dashboard', BROWSER)).toString();
    expect(anonymous).toContain('<div id="root"></div>');
  });

  test('revalidated by its ETag: 304 while the page is the same', async () => {
    const first = await get('/my-account/profile', BROWSER);
    const again = await get('/my-account', { ...BROWSER, 'if-none-match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  test('directly, at / and as the fallback of a deep link: compressed and no-cache', async () => {
    const served = await servedHtml();
    for (const path of ['/index.html', '/', '/my-account', '/emergency-data?x=1']) {
      const response = await get(path, BROWSER);
      expect(response.status, path).toBe(200);
      expect(response.headers['content-encoding'], path).toBe('br');
      expect(response.headers['content-type'], path).toMatch(/^text\/html/);
      expect(response.headers['cache-control'], path).toBe('no-cache');
      expectVariesByEncoding(response);
      expect(decodedBody(response).toString(), path).toBe(served);
    }
  });

  test('gzip or plain for a client that accepts no brotli', async () => {
    const served = await servedHtml();
    const gzip = await get('/my-account', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decodedBody(gzip).toString()).toBe(served);
    const plain = await get('/my-account');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(served);
    expect(plain.headers['cache-control']).toBe('no-cache');
  });

  test('a small file without twins goes out plain, revalidated; an unknown API path is no page', async () => {
    const robots = await get('/robots.txt', BROWSER);
    expect(robots.headers['content-encoding']).toBeUndefined();
    expect(robots.body.toString()).toBe('User-agent: *\n');
    expect(robots.headers['cache-control']).toBe('no-cache');
    const api = await get('/v1/no-such-call', BROWSER);
    expect(api.status).toBe(404);
  });
});

describe('the installable app (issue 48)', () => {
  const manifestLink = (html: string) => /<link rel="manifest" href="([^"]+)">/.exec(html)?.[1];

  test("every page names the manifest of the language the app starts in: its cookie, else the browser's", async () => {
    const german = await get('/dashboard', { 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' });
    expect(manifestLink(german.body.toString())).toBe('/manifest.de.webmanifest');
    const english = await get('/signin', { 'accept-language': 'en-GB,en;q=0.9' });
    expect(manifestLink(english.body.toString())).toBe('/manifest.en.webmanifest');
    const chosen = await get('/some/unknown/page', { 'accept-language': 'de-DE', cookie: 'pet.lang=en' });
    expect(manifestLink(chosen.body.toString())).toBe('/manifest.en.webmanifest');
  });

  test('the manifest is served as one, revalidated on every visit (it is not hashed)', async () => {
    const response = await get('/manifest.de.webmanifest');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(response.body.toString())).toMatchObject({ lang: 'de' });
  });
});
