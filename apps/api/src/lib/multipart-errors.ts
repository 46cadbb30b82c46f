// A multipart body the parser cannot read (no or a wrong boundary, cut off in a part or its headers) is the
// client's fault, but busboy (under @fastify/multipart) reports it as a plain Error without a status, which
// the error handler would answer with 500. These are its messages (@fastify/busboy 3) for malformed input,
// an empty boundary and one longer than its search allows included.

const MALFORMED = [
  'Unexpected end of multipart data',
  'terminated early due to unexpected end of multipart data',
  'Multipart: Boundary not found',
  'The needle cannot be an empty String/Buffer.',
  'The needle cannot have a length bigger than 256.',
];

export function isMalformedMultipart(error: unknown): boolean {
  if (!(error instanceof Error) || (error as { statusCode?: unknown }).statusCode !== undefined) return false;
  return MALFORMED.some((message) => error.message.includes(message));
}
