import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api/ApiError.ts';
import { signInFailure } from './signInErrors.ts';

// Spec 1 section 8, sign-in: the answers of POST /api/auth/sign-in/email and what the user sees.

describe('signInFailure', () => {
  const message = (key: string) => ({ kind: 'message', key });

  it('wrong password and unknown user both say "incorrect e-mail or password"', () => {
    expect(
      signInFailure(new ApiError(401, 'INVALID_EMAIL_OR_PASSWORD', 'Invalid email or password')),
    ).toEqual(message('Incorrect_Email_Or_Password'));
    expect(signInFailure(new ApiError(400, 'USER_NOT_FOUND', 'User not found'))).toEqual(
      message('Incorrect_Email_Or_Password'),
    );
    expect(signInFailure(new ApiError(401, 'HTTP_401', ''))).toEqual(message('Incorrect_Email_Or_Password'));
  });

  it('a banned user learns that access was revoked', () => {
    expect(signInFailure(new ApiError(403, 'BANNED_USER', 'You have been banned'))).toEqual(
      message('Access_Revoked_Text'),
    );
    expect(
      signInFailure(new ApiError(403, 'FORBIDDEN', 'This user is banned from this application')),
    ).toEqual(message('Access_Revoked_Text'));
  });

  it('an account whose deletion is pending is refused with its own text', () => {
    expect(
      signInFailure(new ApiError(403, 'ACCOUNT_DELETION_PENDING', 'Account_Deletion_Pending_Text')),
    ).toEqual(message('Account_Deletion_Pending_Text'));
  });

  it('an unverified e-mail opens the verification dialog', () => {
    expect(signInFailure(new ApiError(403, 'EMAIL_NOT_VERIFIED', 'Email not verified'))).toEqual({
      kind: 'unverified',
    });
  });

  it('429 asks to wait', () => {
    expect(signInFailure(new ApiError(429, 'HTTP_429', 'Too many requests'))).toEqual(
      message('Too_Many_Requests_Text'),
    );
  });

  it('anything else says sign-in failed', () => {
    expect(signInFailure(new ApiError(500, 'INTERNAL_ERROR', 'Failure_Call_Text'))).toEqual(
      message('Signin_Failed_Text'),
    );
    expect(signInFailure(new ApiError(0, 'NETWORK_ERROR', 'Network error'))).toEqual(
      message('Signin_Failed_Text'),
    );
    expect(signInFailure(new Error('boom'))).toEqual(message('Signin_Failed_Text'));
  });
});
