import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api/ApiError.ts';
import { continueTarget } from '../api/useFinishSignIn.ts';
import { codeCheckErrors, signUpErrorKey } from './codeErrors.ts';

const err = (status: number, message = '') => new ApiError(status, 'X', message);

describe('activation code answers on the register screen', () => {
  it('maps each status to its field message', () => {
    expect(codeCheckErrors(err(470), false)).toEqual({ code: 'Wrong_Code_Text', support: true });
    expect(codeCheckErrors(err(433), false)).toEqual({ code: 'Code_Already_Redeemed' });
    expect(codeCheckErrors(err(477), true)).toEqual({ code: 'Code_Already_Redeemed' });
    expect(codeCheckErrors(err(400), true)).toEqual({
      code: 'Invalid_Code_Text',
      tracker: 'Invalid_Tracker_Id_Text',
    });
    expect(codeCheckErrors(err(409), true)).toEqual({ tracker: 'GPS_Tracker_Already_Exist' });
    expect(codeCheckErrors(err(476, 'Code Expired'), false)).toEqual({
      code: 'Code_Expired_Text',
      support: true,
    });
    expect(codeCheckErrors(err(0), false)).toEqual({ general: 'Server_Down_Text' });
  });

  it('maps sign-up answers', () => {
    expect(signUpErrorKey(err(409, 'User_Already_Exists'), false)).toBe('User_Already_Exists');
    expect(signUpErrorKey(err(403), true)).toBe('PrimePet_Merging_Services');
    expect(signUpErrorKey(err(500), false)).toBe('Signup_Failed_Text');
    expect(signUpErrorKey(err(502), false)).toBe('Server_Down_Text');
  });
});

describe('continueTarget', () => {
  it('follows a safe continueUrl but never back into a sign-in page', () => {
    expect(continueTarget('/my-account/bills?tokenI=1')).toBe('/my-account/bills?tokenI=1');
    expect(continueTarget('/signin?continueUrl=/x')).toBe('/dashboard');
    expect(continueTarget('https://evil.example')).toBe('/dashboard');
    expect(continueTarget(null)).toBe('/dashboard');
  });
});
