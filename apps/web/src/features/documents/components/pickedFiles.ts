import { DOCUMENT_LIMITS, documentFileExtension } from '@pet/shared';
import type { ErrorTextKey } from '@pet/shared/errors';

// The add page's file rules (spec 2 section 5), checked as files are picked or dropped, so a file the server
// would refuse never starts uploading: at most 5 files, each at most 26214400 bytes, of an accepted type.

export interface RefusedFile {
  name: string;
  reason: ErrorTextKey;
}

export interface PickResult {
  accepted: File[];
  /** Each refused file with why, said per file. */
  refused: RefusedFile[];
  /** The pick would go over 5 files: none of it is taken. */
  tooMany: boolean;
}

/** Why one file cannot be uploaded, or null. */
export function fileRefusal(file: File): ErrorTextKey | null {
  if (!documentFileExtension(file.name)) return 'Unsupported_File_Type_Text';
  if (file.size > DOCUMENT_LIMITS.fileBytes) return 'File_Too_Large_Error_Text';
  return null;
}

/** What a pick adds to the `alreadyPicked` files. */
export function checkPick(alreadyPicked: number, files: readonly File[]): PickResult {
  const accepted: File[] = [];
  const refused: RefusedFile[] = [];
  for (const file of files) {
    const reason = fileRefusal(file);
    if (reason) refused.push({ name: file.name, reason });
    else accepted.push(file);
  }
  if (alreadyPicked + accepted.length > DOCUMENT_LIMITS.files)
    return { accepted: [], refused, tooMany: true };
  return { accepted, refused, tooMany: false };
}
