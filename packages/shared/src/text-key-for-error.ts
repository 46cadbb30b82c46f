import { type ErrorTextKey, isErrorTextKey } from './errors.ts';

// Which text key an error shows, as the specification's catalogue assigns them: by status, with a few
// meanings changed by where the error is shown or by a server message that is already a key; and the
// payment provider's card and SEPA codes, which its fields report before any request reaches the API.

/** Where an error is shown changes a few meanings (409 at registration, 470 on activation, ...). */
export type ErrorContext =
  | 'registration'
  | 'activation'
  | 'coupon'
  | 'password-change'
  | 'public-emergency'
  | 'other';

/** Server messages of status 476 (coupons and activation codes), matched as the spec lists them. */
const COUPON_MESSAGE_KEYS: ReadonlyArray<[string, ErrorTextKey]> = [
  ['COUPON ALREADY USED (SINGLE USE ONLY)', 'Code_Already_Redeemed'],
  ['COUPON IS NOT VALID AT STRIPE', 'Code_Not_Valid_Stripe_Text'],
  ['COUPON NOT FOUND', 'Coupon_Not_Found'],
  ['TOO MANY COUPONS', 'Too_Many_Coupons_Text'],
  [
    'COUPON DURATION DOSESNT MATCH AND COUPON NOT FOR THIS CASE',
    'Coupon_Not_Match_Coupon_Not_For_This_Case_Text',
  ],
  ['COUPON DURATION DOSESNT MATCH', 'Coupon_Duration_Invalid_Text'],
  ['COUPON NOT FOR THIS CASE', 'Code_Not_For_This_Case_Text'],
  ['COUPON IS FOR NEW CUSTOMER ONLY, USER ALREADY EXIST', 'Coupon_For_New_Customer_User_Already_Exist'],
  ['COUPON IS FOR EXISTING_CUSTOMERS ONLY, USER DOESNT EXIST', 'Coupon_For_Existing_User_Doesnot_Exist'],
  ['COUPON IS NOT VALID FOR GIVEN PRODUCT', 'Coupon_Not_Valid_For_Product'],
];

export function textKeyFor476(message: string, context: ErrorContext): ErrorTextKey {
  if (message.includes('Expired')) return 'Code_Expired_Text';
  if (message.includes('Validity not started yet')) return 'Validity_not_started_yet';
  const upper = message.toUpperCase();
  for (const [prefix, key] of COUPON_MESSAGE_KEYS) {
    if (upper.startsWith(prefix)) return key;
  }
  return context === 'coupon' ? 'Coupon_Not_Valid' : 'Coupon_Not_Found';
}

/** A 476 whose message mentions expiry shows the support e-mail link. */
export function showsSupportMailLink(status: number, message: string): boolean {
  return status === 476 && message.includes('Expired');
}

export interface ErrorInput {
  /** 0 for a network failure (no answer). */
  status: number;
  message?: string;
  code?: string;
  context?: ErrorContext;
}

/**
 * The text key to show for an error answer. A server message that is already a known text key wins for
 * statuses whose meaning depends on the case (403 limits, 400 field errors); otherwise the status decides.
 */
export function textKeyForError({ status, message = '', code, context = 'other' }: ErrorInput): ErrorTextKey {
  if (status === 0 || status === 502) return 'Server_Down_Text';
  // Our API's own "try again shortly" (database unavailable, sign-in hashing busy): its text says so, where
  // the spec's "other 5xx" text would send the user to customer service for a passing state.
  if (status === 503 && code === 'SERVICE_UNAVAILABLE' && isErrorTextKey(message)) return message;
  if (status === 429) return 'Too_Many_Requests_Text';
  if (context === 'public-emergency') {
    return status === 403 ? 'Emergency_Not_Supported_Text' : 'Emergency_Password_Invalid_Text';
  }
  switch (status) {
    case 400:
      return isErrorTextKey(message) ? message : 'Bad_Request_Text';
    case 403:
      if (context === 'registration') return 'PrimePet_Merging_Services';
      return isErrorTextKey(message) ? message : 'Forbidden_Text';
    case 404:
      return isErrorTextKey(message) ? message : 'Not_Found_Text';
    case 409:
      if (context === 'registration' && message !== 'GPS_Tracker_Already_Exist') return 'User_Already_Exists';
      return isErrorTextKey(message) ? message : 'GPS_Tracker_Already_Exist';
    case 413:
      return 'File_Too_Large_Error_Text';
    case 415:
      return 'Unsupported_File_Type_Text';
    case 433:
    case 477:
      return 'Code_Already_Redeemed';
    case 434:
      return 'Order_Already_Placed_Message';
    case 438:
      return 'User_Does_Not_Exist_On_This_Platform';
    case 470:
      return context === 'activation' || context === 'registration' ? 'Wrong_Code_Text' : 'No_User_Found';
    case 471:
      return 'Product_Not_Attached_Text';
    case 473:
      return 'Subscription_Expired';
    case 476:
      return textKeyFor476(message, context);
    case 478:
      return 'Batch_Code_Does_Not_Exist_Text';
    case 480:
      return 'Amount_Less_Error';
    case 500:
      return context === 'password-change' ? 'Invalid_Password_Text' : 'Failure_Call_Text';
    default:
      if (status >= 500) return 'Failure_Call_Text';
      return isErrorTextKey(message) ? message : 'Something_Went_Wrong';
  }
}

/** Card and SEPA error codes of the payment provider. `null`: show the provider's own message. */
export function textKeyForPaymentCode(code: string): ErrorTextKey | null {
  const map: Record<string, ErrorTextKey> = {
    incomplete_number: 'Incomplete_Card_Number_Text',
    invalid_number: 'Invalid_Card_Number_Text',
    incomplete_expiry: 'Expire_Date_Incomplete_Text',
    invalid_expiry_year_past: 'Card_Year_Expired_Text',
    incomplete_cvc: 'InComplete_CVC_Text',
    incomplete_iban: 'Incomplete_Iban_Text',
    invalid_iban_country_code: 'Invalid_Iban_Country_Code_Text',
    invalid_iban_start: 'Invalid_Iban_Start_Text',
    // Our own texts for the outcomes Stripe's test mode produces (the sandbox's messages are English only).
    card_declined: 'Card_Declined_Text',
    generic_decline: 'Card_Declined_Text',
    insufficient_funds: 'Insufficient_Funds_Text',
    expired_card: 'Expired_Card_Text',
    incorrect_cvc: 'Incorrect_Cvc_Text',
    processing_error: 'Processing_Error_Text',
    payment_intent_authentication_failure: 'Authentication_Failed_Text',
    authentication_failed: 'Authentication_Failed_Text',
    test_mode_live_card: 'Test_Mode_Live_Card_Text',
    sepa_debit_failed: 'Sepa_Debit_Failed_Text',
  };
  return map[code] ?? null;
}
