import { paths } from '@pet/shared/paths';
import { withQuery } from '../auth/mails/links.ts';

// Where the QR codes of the emergency file and of the tag lead: the public /notfall page of the portal, for
// the tag with the owner's emergency password in `code` so that the finder's form is already filled in.

export function notfallUrl(publicUrl: string, code?: string): string {
  const page = `${publicUrl}${paths.notfall}`;
  return code === undefined ? page : withQuery(page, { code });
}
