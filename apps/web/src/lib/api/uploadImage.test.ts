import { describe, expect, it } from 'vitest';
import { mockXhr } from '../../test/xhrMock.ts';
import { errorTextKey } from '../errors.ts';
import { ApiError } from './ApiError.ts';
import { uploadImage } from './uploadImage.ts';

const jpeg = new Blob(['jpeg'], { type: 'image/jpeg' });

describe('uploadImage', () => {
  it('posts one multipart file to the pet or user target and reports progress', async () => {
    const xhr = mockXhr({
      'POST /v1/upload/image': { status: 201, body: { image_url: 'http://x/v1/files/f1' } },
    });
    const progress: number[] = [];
    const answer = await uploadImage(
      jpeg,
      { fileFor: 'pet', petId: 'p 1' },
      { onProgress: (p) => progress.push(p) },
    );
    expect(answer).toEqual({ image_url: 'http://x/v1/files/f1' });
    expect(progress).toEqual([0, 50, 100, 100]);
    expect(xhr.uploads[0]?.url.pathname + (xhr.uploads[0]?.url.search ?? '')).toBe(
      '/v1/upload/image?file_for=pet&pet_id=p+1',
    );
    expect(xhr.uploads[0]?.file?.name).toBe('picture.jpg');

    await uploadImage(jpeg, { fileFor: 'user' });
    expect(xhr.uploads[1]?.url.search).toBe('?file_for=user');
  });

  it('turns 413 and 415 into ApiErrors with their texts; no answer is status 0', async () => {
    mockXhr({ 'POST /v1/upload/image': { status: 413, body: { code: 'PAYLOAD_TOO_LARGE', message: 'x' } } });
    const tooLarge = await uploadImage(jpeg, { fileFor: 'user' }).catch((e: unknown) => e);
    expect(tooLarge).toBeInstanceOf(ApiError);
    expect(errorTextKey(tooLarge)).toBe('File_Too_Large_Error_Text');

    mockXhr({ 'POST /v1/upload/image': { status: 415 } });
    expect(errorTextKey(await uploadImage(jpeg, { fileFor: 'user' }).catch((e: unknown) => e))).toBe(
      'Unsupported_File_Type_Text',
    );

    mockXhr({ 'POST /v1/upload/image': { status: 0 } });
    await expect(uploadImage(jpeg, { fileFor: 'user' })).rejects.toMatchObject({ status: 0 });
  });
});
