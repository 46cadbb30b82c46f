import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { expect, test } from 'vitest';
import { typeGuard } from './upload-guard.ts';

// The generic gate's own rules (image-type and document-type tests cover their detectors through it).

const drain = async (guard: ReturnType<typeof typeGuard>, chunks: Buffer[]) => {
  await pipeline(Readable.from(chunks), guard, async function* (source) {
    for await (const _chunk of source) yield* [];
  });
};

test('a detector that fails on the bytes refuses the file with 415, never 500', async () => {
  const guard = typeGuard(100, 4, () => {
    throw new Error('cannot parse this container');
  });
  await expect(drain(guard, [Buffer.from('broken')])).rejects.toMatchObject({ status: 415 });
  const rejecting = typeGuard(100, 4, async () => Promise.reject(new Error('broken')));
  await expect(drain(rejecting, [Buffer.from('xy')])).rejects.toMatchObject({ status: 415 });
});

test('the check of the rest sees every byte after the head and can refuse at the end', async () => {
  const seen: string[] = [];
  const guard = typeGuard(100, 2, () => ({
    type: 'text',
    rest: {
      push: (chunk) => {
        seen.push(chunk.toString());
        return true;
      },
      end: () => seen.join('') !== 'abcdef',
    },
  }));
  await expect(drain(guard, [Buffer.from('a'), Buffer.from('bcd'), Buffer.from('ef')])).rejects.toMatchObject(
    {
      status: 415,
    },
  );
  expect(seen.join('')).toBe('abcdef');
});
