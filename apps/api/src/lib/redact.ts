// Client error reports carry whatever the browser had at hand: URLs with reset or app tokens, headers,
// stack traces. Before they reach the log every secret-looking value is replaced.

const RULES: Array<[RegExp, string]> = [
  // Authorization headers and "Bearer xyz" anywhere.
  [/\b(bearer|basic)\s+[\w\-.~+/=]+/gi, '$1 [redacted]'],
  // JSON Web Tokens.
  [/\beyJ[\w-]+\.[\w-]+\.[\w-]*/g, '[redacted-jwt]'],
  // name=value or "name": "value" for names that hold secrets (query strings, JSON, cookies).
  [
    /\b([\w-]*(?:token|secret|passw|session|cookie|authorization|api_?key|access_?key|otp|signature|activation_code|emergency_code)[\w-]*)(["']?\s*[:=]\s*["']?)([^\s"'&;,}]+)/gi,
    '$1$2[redacted]',
  ],
  // Long opaque strings (session tokens, API keys) that appear without a name.
  [/\b[A-Za-z0-9_-]{32,}\b/g, '[redacted]'],
];

/** `text` cut at `max` characters, saying how many more there were. */
function cutText(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…[${text.length - max} more]` : text;
}

export function redactSecrets(text: string): string {
  let result = text;
  for (const [pattern, replacement] of RULES) result = result.replace(pattern, replacement);
  return result;
}

/** A value as bounded, redacted text: objects as JSON, cut at `max` characters. */
export function boundedText(value: unknown, max: number): string {
  let text: string;
  if (typeof value === 'string') text = value;
  else {
    try {
      text = JSON.stringify(value) ?? String(value);
    } catch {
      text = String(value);
    }
  }
  return redactSecrets(cutText(text, max));
}

/** A share link's secret in its page's path (/shared/<secret>) or its API's (/v1/shared/<secret>/...). */
const SHARED_SECRET = /^(\/(?:v1\/)?shared\/)[^/]*/;

/**
 * A request's URL as a log line may keep it: the path only (query strings carry reset links, codes and
 * tokens) with a share link's secret masked, since the path itself is that credential.
 */
export function loggedPath(url: string): string {
  const path = (url.split('?')[0] ?? '').replace(SHARED_SECRET, '$1[secret]');
  // Bounded: a request chooses its path (up to the 16 KiB of Node's header limit).
  return cutText(path, PATH_CHARS);
}

const PATH_CHARS = 500;
