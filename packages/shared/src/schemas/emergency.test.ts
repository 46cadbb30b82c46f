import { describe, expect, it } from 'vitest';
import { EMERGENCY_FILE_NAMES } from '../domain/emergency.ts';
import {
  createShareLinkSchema,
  emergencyDownloadQuerySchema,
  publicEmergencyQuerySchema,
  shareSecretSchema,
} from './emergency.ts';

// The emergency contract (issue 12): the public form's rules (spec 2 section 5: trimmed, required), the
// languages, the file names (spec 1 section 7), the share link's days and secret.

const firstIssue = (result: { error?: { issues: Array<{ message: string; path: PropertyKey[] }> } }) => {
  const issue = result.error?.issues[0];
  return issue ? { field: issue.path.join('.'), key: issue.message } : undefined;
};

describe('emergency schemas', () => {
  it('the public password is trimmed and required; the language defaults to German', () => {
    expect(publicEmergencyQuerySchema.parse({ activation_code: '  ABCD2345EFGH ' })).toEqual({
      activation_code: 'ABCD2345EFGH',
      language: 'de',
    });
    expect(firstIssue(publicEmergencyQuerySchema.safeParse({ activation_code: '   ' }))).toEqual({
      field: 'activation_code',
      key: 'Emergency_Password_Required_Text',
    });
    expect(
      firstIssue(publicEmergencyQuerySchema.safeParse({ activation_code: 'X', language: 'fr' }))?.field,
    ).toBe('language');
  });

  it('the signed-in download names its language; the files are named as the spec says', () => {
    expect(emergencyDownloadQuerySchema.safeParse({}).success).toBe(false);
    expect(emergencyDownloadQuerySchema.parse({ language: 'en' })).toEqual({ language: 'en' });
    expect(EMERGENCY_FILE_NAMES).toEqual({ en: 'Emergency_File.pdf', de: 'Notfallakte.pdf' });
  });

  it('a share link lasts 1 to 30 whole days; its secret is at least 128 bits of base64url', () => {
    expect(createShareLinkSchema.parse({ days: 1 })).toEqual({ days: 1, include_documents: false });
    expect(createShareLinkSchema.safeParse({ days: 30, include_documents: true }).success).toBe(true);
    for (const days of [0, 31, 2.5]) {
      expect(firstIssue(createShareLinkSchema.safeParse({ days })), String(days)).toEqual({
        field: 'days',
        key: 'Invalid_Value_Error',
      });
    }
    expect(shareSecretSchema.safeParse('a'.repeat(43)).success).toBe(true);
    expect(shareSecretSchema.safeParse('a'.repeat(21)).success).toBe(false);
    expect(shareSecretSchema.safeParse('abc/def+ghi=jklmnopqrstuvw').success).toBe(false);
  });
});
