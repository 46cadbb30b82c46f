import { describe, expect, it } from 'vitest';
import { ApiError } from './api/ApiError.ts';
import { codeRefusal } from './codeRefusal.ts';

const answer = (status: number, message = '') => new ApiError(status, 'ERR', message);

describe('codeRefusal', () => {
  it('reads the answers that refuse the code itself', () => {
    expect(codeRefusal(answer(470))).toEqual({ code: 'Wrong_Code_Text', support: true });
    expect(codeRefusal(answer(433))).toEqual({ code: 'Code_Already_Redeemed' });
    expect(codeRefusal(answer(477))).toEqual({ code: 'Code_Already_Redeemed' });
    expect(codeRefusal(answer(478))).toEqual({ code: 'Batch_Code_Does_Not_Exist_Text' });
  });

  it('476: the reason the message names, with the support link for an expired code only', () => {
    expect(codeRefusal(answer(476, 'Code Expired'))).toEqual({ code: 'Code_Expired_Text', support: true });
    expect(codeRefusal(answer(476, 'Validity not started yet'))).toEqual({
      code: 'Validity_not_started_yet',
      support: false,
    });
  });

  it('leaves every other answer to the check that asked', () => {
    for (const status of [0, 204, 400, 409, 429, 471, 500])
      expect(codeRefusal(answer(status))).toBeUndefined();
  });
});
