// What the owner's download log says about who opened the file: a browser family and a system family
// ("Firefox · Android", the same in both languages), picked from a fixed list, so nothing the client sent is
// stored as such: no full User-Agent (which can identify a device) and never the address.

/** First match wins: browsers that also claim to be Chrome or Safari come before them. */
const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|CriOS|Chromium|HeadlessChrome)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/\bAndroid\b/, 'Android'],
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\b(?:Macintosh|Mac OS X)\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const first = (list: ReadonlyArray<[RegExp, string]>, text: string) =>
  list.find(([pattern]) => pattern.test(text))?.[1];

/** "Firefox · Android", "Safari", "Linux", or null when the header says nothing usable. */
export function coarseClient(userAgent: string | undefined): string | null {
  // Real User-Agents are a few hundred characters; a longer one is not worth a regex pass.
  const text = (userAgent ?? '').slice(0, 512);
  const browser = first(BROWSERS, text);
  const system = first(SYSTEMS, text);
  if (browser && system) return `${browser} · ${system}`;
  return browser ?? system ?? null;
}
