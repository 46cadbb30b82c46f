import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api/ApiError.ts';
import { activationErrors } from './activationErrors.ts';

const err = (status: number, message = '', fields: Record<string, string> = {}) =>
  new ApiError(status, 'X', message, fields);

describe('activation answers', () => {
  it('maps each status of the catalogue', () => {
    expect(activationErrors(err(470, 'Wrong_Code_Text'), false)).toEqual({
      code: 'Wrong_Code_Text',
      support: true,
    });
    expect(activationErrors(err(477), false)).toEqual({ code: 'Code_Already_Redeemed' });
    expect(activationErrors(err(433), false)).toEqual({ code: 'Code_Already_Redeemed' });
    expect(activationErrors(err(471), false)).toEqual({ code: 'Product_Not_Attached_Text' });
    expect(activationErrors(err(478), false)).toEqual({ code: 'Batch_Code_Does_Not_Exist_Text' });
    expect(activationErrors(err(204), false)).toEqual({ general: 'No_Content_Tex' });
  });

  it('476 by message: expired (with the mail link), not yet valid, anything else', () => {
    expect(activationErrors(err(476, 'Code Expired'), false)).toEqual({
      code: 'Code_Expired_Text',
      support: true,
    });
    expect(activationErrors(err(476, 'Validity not started yet'), false)).toEqual({
      code: 'Validity_not_started_yet',
      support: false,
    });
    expect(activationErrors(err(476, 'whatever'), false)).toEqual({
      code: 'Coupon_Not_Found',
      support: false,
    });
  });

  it('400 marks both fields where the tracker is asked, with the server field keys', () => {
    expect(activationErrors(err(400), true)).toEqual({
      code: 'Invalid_Code_Text',
      tracker: 'Invalid_Tracker_Id_Text',
    });
    expect(
      activationErrors(
        err(400, 'x', { activation_code: 'Invalid_Code_Text', tracker_ids: 'GPS_Tracker_ID_Required' }),
        true,
      ),
    ).toEqual({ code: 'Invalid_Code_Text', tracker: 'GPS_Tracker_ID_Required' });
    expect(activationErrors(err(400), false)).toEqual({ code: 'Invalid_Code_Text' });
  });

  it('409: the tracker is registered to someone else', () => {
    expect(activationErrors(err(409), true)).toEqual({ tracker: 'GPS_Tracker_Already_Exist' });
    expect(activationErrors(err(409), false)).toEqual({ general: 'GPS_Tracker_Already_Exist' });
  });

  it('connection and server faults are general messages', () => {
    expect(activationErrors(err(0), false)).toEqual({ general: 'Server_Down_Text' });
    expect(activationErrors(err(500), false)).toEqual({ general: 'Failure_Call_Text' });
    expect(activationErrors(err(429), false)).toEqual({ general: 'Too_Many_Requests_Text' });
    expect(activationErrors(new Error('boom'), false)).toEqual({ general: 'Something_Went_Wrong' });
  });
});
