import { MAX_UPLOAD_BYTES } from '@pet/shared/constants';
import type { ErrorTextKey } from '@pet/shared/errors';

/**
 * Refuses a picked file before anything is read or sent: over 25 MB (the server's limit, spec 1 section 9) or
 * not an image. A file without a type (some systems send none) is given a chance: the crop dialog refuses it
 * when the browser cannot show it.
 */
export function checkImageFile(file: Blob): ErrorTextKey | null {
  if (file.size > MAX_UPLOAD_BYTES) return 'File_Too_Large_Error_Text';
  if (file.type !== '' && !file.type.startsWith('image/')) return 'Unsupported_File_Type_Text';
  return null;
}
