import { randomInt } from 'node:crypto';

// Activation codes are typed from paper and screens: the alphabet leaves out the characters people confuse
// (0/O, 1/I/L), and 12 characters of the remaining 31 give about 59 bits, far beyond guessing at the
// rate-limited verify calls.

export const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const CODE_LENGTH = 12;

export function generateCode(length = CODE_LENGTH): string {
  let code = '';
  // randomInt draws without modulo bias from the operating system's CSPRNG.
  for (let i = 0; i < length; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** `count` distinct new codes. */
export function generateCodes(count: number, length = CODE_LENGTH): string[] {
  const codes = new Set<string>();
  while (codes.size < count) codes.add(generateCode(length));
  return [...codes];
}
