import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../lib/errors.ts';

// One check for every route, better-auth's included: a string holding NUL (U+0000) or a lone UTF-16
// surrogate is refused with 400 before any handler runs. PostgreSQL cannot store either (NUL fails the
// query, a lone surrogate is not UTF-8), so without this they surfaced as 500 from whichever query met them
// first, and better-auth read such a failure as "user exists". The field named is the request's top-level
// key (a key that is itself bad is named `_`, never echoed).

const TEXT_KEY = 'Invalid_Characters_Error';

/** A high surrogate not followed by a low one, or a low one not after a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function isBadText(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}

/** Whether any string in the value (keys too) is bad; depth-bounded like the JSON it came from. */
function holdsBadText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return isBadText(value);
  if (value === null || typeof value !== 'object' || depth > 64) return false;
  if (Array.isArray(value)) return value.some((item) => holdsBadText(item, depth + 1));
  for (const [key, item] of Object.entries(value)) {
    if (isBadText(key) || holdsBadText(item, depth + 1)) return true;
  }
  return false;
}

/** The top-level field holding bad text, or undefined. */
function badField(value: unknown): string | undefined {
  if (typeof value === 'string') return isBadText(value) ? '_' : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (isBadText(key)) return '_';
    if (holdsBadText(item)) return key;
  }
  return undefined;
}

/** better-auth's routes keep their body as the bytes sent (auth.plugin.ts): read it as JSON when it is. */
function bodyOf(request: FastifyRequest): unknown {
  const body = request.body;
  if (!Buffer.isBuffer(body)) return body;
  if (!String(request.headers['content-type'] ?? '').includes('json')) return undefined;
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined; // better-auth refuses what is not JSON itself
  }
}

async function textInputPlugin(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const field = badField(request.params) ?? badField(request.query) ?? badField(bodyOf(request));
    if (field !== undefined) throw badRequest({ [field]: TEXT_KEY });
  });
}

export default fp(textInputPlugin, { name: 'text-input', dependencies: ['errors'] });
