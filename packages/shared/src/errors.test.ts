import { describe, expect, it } from 'vitest';
import { ALL_ERROR_TEXT_KEYS } from './errors.ts';
import { textKeyFor476, textKeyForError, textKeyForPaymentCode } from './text-key-for-error.ts';

describe('error catalogue', () => {
  it('has no duplicate keys', () => {
    expect(new Set(ALL_ERROR_TEXT_KEYS).size).toBe(ALL_ERROR_TEXT_KEYS.length);
  });

  it.each([
    [{ status: 0 }, 'Server_Down_Text'],
    [{ status: 502 }, 'Server_Down_Text'],
    [{ status: 400 }, 'Bad_Request_Text'],
    [{ status: 400, message: 'Email_Format_Error' }, 'Email_Format_Error'],
    [{ status: 403, context: 'registration' as const }, 'PrimePet_Merging_Services'],
    [{ status: 403, message: 'Basic_Pet_Limit_Reached_Message' }, 'Basic_Pet_Limit_Reached_Message'],
    [{ status: 409 }, 'GPS_Tracker_Already_Exist'],
    [{ status: 409, context: 'registration' as const }, 'User_Already_Exists'],
    [{ status: 409, message: 'Yearly_To_Monthly_Not_Allowed_Text' }, 'Yearly_To_Monthly_Not_Allowed_Text'],
    [
      { status: 409, context: 'registration' as const, message: 'GPS_Tracker_Already_Exist' },
      'GPS_Tracker_Already_Exist',
    ],
    [{ status: 429 }, 'Too_Many_Requests_Text'],
    [{ status: 433 }, 'Code_Already_Redeemed'],
    [{ status: 477 }, 'Code_Already_Redeemed'],
    [{ status: 434 }, 'Order_Already_Placed_Message'],
    [{ status: 438 }, 'User_Does_Not_Exist_On_This_Platform'],
    [{ status: 470, context: 'activation' as const }, 'Wrong_Code_Text'],
    [{ status: 470 }, 'No_User_Found'],
    [{ status: 471 }, 'Product_Not_Attached_Text'],
    [{ status: 473 }, 'Subscription_Expired'],
    [{ status: 478 }, 'Batch_Code_Does_Not_Exist_Text'],
    [{ status: 480 }, 'Amount_Less_Error'],
    [{ status: 500, context: 'password-change' as const }, 'Invalid_Password_Text'],
    [{ status: 500 }, 'Failure_Call_Text'],
    [{ status: 503 }, 'Failure_Call_Text'],
    [{ status: 503, code: 'SERVICE_UNAVAILABLE', message: 'Server_Down_Text' }, 'Server_Down_Text'],
    [{ status: 503, code: 'SERVICE_UNAVAILABLE', message: 'Server_Busy_Text' }, 'Server_Busy_Text'],
    [{ status: 503, message: 'Server_Down_Text' }, 'Failure_Call_Text'],
    [{ status: 403, context: 'public-emergency' as const }, 'Emergency_Not_Supported_Text'],
    [{ status: 404, context: 'public-emergency' as const }, 'Emergency_Password_Invalid_Text'],
  ])('maps %o to %s', (input, key) => {
    expect(textKeyForError(input)).toBe(key);
  });

  it.each([
    ['COUPON ALREADY USED (SINGLE USE ONLY)', 'Code_Already_Redeemed'],
    ['COUPON IS NOT VALID AT STRIPE', 'Code_Not_Valid_Stripe_Text'],
    ['COUPON NOT FOUND', 'Coupon_Not_Found'],
    ['TOO MANY COUPONS', 'Too_Many_Coupons_Text'],
    ['COUPON DURATION DOSESNT MATCH', 'Coupon_Duration_Invalid_Text'],
    ['COUPON NOT FOR THIS CASE (NEW/EXISTING)', 'Code_Not_For_This_Case_Text'],
    [
      'COUPON DURATION DOSESNT MATCH AND COUPON NOT FOR THIS CASE',
      'Coupon_Not_Match_Coupon_Not_For_This_Case_Text',
    ],
    ['COUPON IS FOR NEW CUSTOMER ONLY, USER ALREADY EXIST', 'Coupon_For_New_Customer_User_Already_Exist'],
    ['COUPON IS FOR EXISTING_CUSTOMERS ONLY, USER DOESNT EXIST', 'Coupon_For_Existing_User_Doesnot_Exist'],
    ['COUPON IS NOT VALID fOR GIVEN PRODUCT', 'Coupon_Not_Valid_For_Product'],
    ['Code Expired on 01.01.2026', 'Code_Expired_Text'],
    ['Validity not started yet', 'Validity_not_started_yet'],
  ])('maps the 476 message %s', (message, key) => {
    expect(textKeyFor476(message, 'coupon')).toBe(key);
  });

  it('falls back differently in the coupon field and on activation', () => {
    expect(textKeyFor476('something else', 'coupon')).toBe('Coupon_Not_Valid');
    expect(textKeyFor476('something else', 'activation')).toBe('Coupon_Not_Found');
  });

  it('maps payment provider codes and passes unknown ones on', () => {
    expect(textKeyForPaymentCode('incomplete_iban')).toBe('Incomplete_Iban_Text');
    expect(textKeyForPaymentCode('insufficient_funds')).toBe('Insufficient_Funds_Text');
    expect(textKeyForPaymentCode('card_declined')).toBe('Card_Declined_Text');
    expect(textKeyForPaymentCode('some_new_code')).toBeNull();
  });
});
