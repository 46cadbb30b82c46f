// The error catalogue of the specification (document 1 section 8, document 2 section 8): the codes the API
// answers with and the text keys the web app shows; text-key-for-error.ts picks the key for each status and
// server message. Every key here exists in both languages of the web app's `errors` namespace; a unit test
// holds them together.

/** Codes the API puts in `{ code, message, fields }`. */
export const API_ERROR_CODES = [
  'VALIDATION_ERROR',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'LIMIT_REACHED',
  /** A household member whose role does not allow this with the pet (issue 45). */
  'FORBIDDEN_FOR_ROLE',
  /** The dose log (issue 49): a dose given already (409, naming by whom), an undo refused. */
  'DOSE_ALREADY_GIVEN',
  'DOSE_UNDO_NOT_YOURS',
  'DOSE_UNDO_EXPIRED',
  'SIGNUP_CLOSED',
  'EMAIL_NOT_VERIFIED',
  'ACCESS_REVOKED',
  'INVALID_CREDENTIALS',
  'USER_EXISTS',
  'CODE_INVALID',
  'CODE_REDEEMED',
  'CODE_EXPIRED',
  'CODE_NOT_YET_VALID',
  'PRODUCT_NOT_ATTACHED',
  'BATCH_NOT_FOUND',
  'TRACKER_INVALID',
  'TRACKER_REGISTERED',
  'PAYLOAD_TOO_LARGE',
  // Buying a plan (issue 13).
  'ORDER_PENDING',
  'AMOUNT_TOO_SMALL',
  'COUPON_INVALID',
  'PAYMENT_FAILED',
  'SIGNATURE_INVALID',
  'UNSUPPORTED_MEDIA_TYPE',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

export interface ApiErrorBody {
  code: ApiErrorCode | string;
  message: string;
  fields?: Record<string, string>;
}

/** Text keys for HTTP statuses and server answers. */
export const STATUS_TEXT_KEYS = [
  'Bad_Request_Text',
  'PrimePet_Merging_Services',
  'Emergency_Not_Supported_Text',
  'GPS_Tracker_Already_Exist',
  'User_Already_Exists',
  'Code_Already_Redeemed',
  'Order_Already_Placed_Message',
  'User_Does_Not_Exist_On_This_Platform',
  'Wrong_Code_Text',
  'Customer_Service_Text',
  'No_User_Found',
  'Product_Not_Attached_Text',
  'Subscription_Expired',
  'Batch_Code_Does_Not_Exist_Text',
  'Amount_Less_Error',
  'Invalid_Password_Text',
  /** Sign-in while a requested deletion of the account is pending (issue 15). */
  'Account_Deletion_Pending_Text',
  'Server_Down_Text',
  'Failure_Call_Text',
  'Too_Many_Requests_Text',
  'Server_Busy_Text',
  'Not_Found_Text',
  'Forbidden_Text',
  /** 403 FORBIDDEN_FOR_ROLE: a household member whose role does not allow this (issue 45). */
  'Forbidden_For_Role_Text',
  'File_Too_Large_Error_Text',
  'Unsupported_File_Type_Text',
] as const;

/** Coupon and activation answers with status 476, by server message. */
export const COUPON_TEXT_KEYS = [
  'Code_Not_Valid_Stripe_Text',
  'Coupon_Not_Found',
  'Too_Many_Coupons_Text',
  'Coupon_Duration_Invalid_Text',
  'Code_Not_For_This_Case_Text',
  'Coupon_Not_Match_Coupon_Not_For_This_Case_Text',
  'Coupon_For_New_Customer_User_Already_Exist',
  'Coupon_For_Existing_User_Doesnot_Exist',
  'Coupon_Not_Valid_For_Product',
  'Code_Expired_Text',
  'Validity_not_started_yet',
  'Coupon_Not_Valid',
] as const;

export const ACTIVATION_TEXT_KEYS = [
  'No_Content_Tex',
  'Activation_Code_Text_Required',
  'GPS_Tracker_ID_Required',
  'Invalid_Code_Text',
  'Invalid_Tracker_Id_Text',
] as const;

export const PAYMENT_TEXT_KEYS = [
  'Incomplete_Card_Number_Text',
  'Invalid_Card_Number_Text',
  'Expire_Date_Incomplete_Text',
  'Card_Year_Expired_Text',
  'InComplete_CVC_Text',
  'Incomplete_Iban_Text',
  'Invalid_Iban_Country_Code_Text',
  'Invalid_Iban_Start_Text',
] as const;

/** Buying a plan: refusals of the order, the orders list and the payment outcomes (issue 13). */
export const BILLING_TEXT_KEYS = [
  'No_Orders_Text',
  'Upgrade_Not_Possible_Now_Text',
  'Yearly_To_Monthly_Not_Allowed_Text',
  'Already_On_This_Plan_Text',
  'Plan_Not_Orderable_Text',
  'Card_Declined_Text',
  'Insufficient_Funds_Text',
  'Expired_Card_Text',
  'Incorrect_Cvc_Text',
  'Processing_Error_Text',
  'Authentication_Failed_Text',
  'Test_Mode_Live_Card_Text',
  'Sepa_Debit_Failed_Text',
  // Subscription (issue 14; the catalogue names none): cancel, revoke or downgrade without a paid subscription;
  // a downgrade while the termination is pending; the free plan's "contact us" instead of terminating.
  'No_Paid_Subscription_Text',
  'Cancellation_Pending_Text',
  'Free_Plan_Cannot_Terminate_Text',
] as const;

export const LIMIT_TEXT_KEYS = [
  'Basic_Document_Limit_Reached_Message',
  'Premium_Document_Limit_Reached_Message',
  'Appointment_Limit_Reached_Message',
  'Basic_Pet_Limit_Reached_Message',
  'Premium_Pet_Limit_Reached_Message',
  'No_Pet_Text',
  'Free_Service_Message',
  'Downgrade_Not_Possible_Text',
  'Download_Not_Allowed_Text',
  'Medical_Add_Not_Allowed_Text',
  'Appointment_Add_Not_Allowed_Text',
  'Paid_Service_Title',
  'Paid_Service_Text',
  'Emergency_Password_Invalid_Text',
  'Emergency_Password_Required_Text',
  'Pet_Image_Upload_Failed',
  'User_Image_Upload_Failed',
  'Document_Upload_Failed',
  'Appointment_Upload_Failed',
  'Update_Failed_Text',
  'Payment_Details_Not_Updated',
  'Order_Pdf_Failed',
  'Order_Not_Placed',
  'Product_Not_Attached_Try_Again',
  'Account_Exists_On_Other_System',
  'Something_Went_Wrong',
  'Primepet_Cant_Place_Order',
  // A document beyond the plan's documents_limit after a paid plan ended (issue 14): no edit.
  'Document_Read_Only_Text',
] as const;

/** Sign-in, registration and connection messages (document 1 section 8). */
export const ACCOUNT_TEXT_KEYS = [
  'Incorrect_Email_Or_Password',
  'Access_Revoked_Text',
  'Signin_Failed_Text',
  'Email_Verification_Failed_Title',
  'Email_Verification_Failed_Text',
  'Invalid_Code',
  'Signup_Failed_Text',
  'No_Internet_Text',
  'Cannot_Add_Pet_Offline',
  'Weight_Response_Ignored',
] as const;

/** The household's answers (issue 45). */
export const HOUSEHOLD_TEXT_KEYS = [
  // An invitation link that is unknown, used, revoked or expired: one answer for all.
  'Household_Invitation_Invalid_Text',
  // The owner invited their own address.
  'Household_Invite_Self_Text',
  // The owner opened an invitation to their own pet.
  'Household_Own_Pet_Text',
  // The second emergency contact named is not a current co-owner of the pet (a sitter, someone else's member).
  'Emergency_Contact_Not_Co_Owner_Text',
  // The dose log (issue 49): given already (the answer's fields name by whom and when), an undo by someone
  // else or after its 10 minutes, a dose the medication's schedule does not make.
  'Dose_Already_Given_Text',
  'Dose_Undo_Not_Yours_Text',
  'Dose_Undo_Expired_Text',
  'Dose_Not_Scheduled_Error',
] as const;

/** Field validation messages shared by the forms and the API's `fields`. */
export const VALIDATION_TEXT_KEYS = [
  'Required_Error',
  'Name_Error',
  'Name_Length_Error',
  'Phone_Error',
  'Email_Error',
  'Email_Format_Error',
  'Password_Error',
  'Password_Length_Error',
  'Password_Common_Error',
  'Max_Length_Error',
  'Confirm_Password_Error',
  'Match_Password_Text',
  'Terms_Error',
  // The checkout's box names the terms only (registration's names the privacy policy too: Terms_Error).
  'Checkout_Terms_Error',
  'Language_Error',
  'Contact_type_Error',
  // The same rule on the typed new contact type: "please enter", where Contact_type_Error says "choose".
  'Contact_type_Enter_Error',
  'Description_Text_Error',
  'Document_Error',
  'To_Many_Files_Error_Text',
  'Invalid_Value_Error',
  // NUL or a lone UTF-16 surrogate anywhere in a request (the API refuses them before any route).
  'Invalid_Characters_Error',
  // Pets and appointments.
  'Pet_Type_Error',
  'Pet_Size_Error',
  'Date_Format_Error',
  'Time_Format_Error',
  'Time_Zone_Error',
  'Date_In_Future_Error',
  'Date_In_Past_Error',
  'Reminder_In_Past_Error',
  'Weight_Required_Error',
  'Weight_Date_Required_Error',
  'Weight_Negative_Error',
  'Appointment_Type_Error',
  // Medical data.
  'Taking_To_Before_From_Error',
  'Next_Due_Before_Given_Error',
] as const;

export const ALL_ERROR_TEXT_KEYS = [
  ...STATUS_TEXT_KEYS,
  ...COUPON_TEXT_KEYS,
  ...ACTIVATION_TEXT_KEYS,
  ...PAYMENT_TEXT_KEYS,
  ...BILLING_TEXT_KEYS,
  ...LIMIT_TEXT_KEYS,
  ...ACCOUNT_TEXT_KEYS,
  ...HOUSEHOLD_TEXT_KEYS,
  ...VALIDATION_TEXT_KEYS,
] as const;
export type ErrorTextKey = (typeof ALL_ERROR_TEXT_KEYS)[number];

const KNOWN_KEYS = new Set<string>(ALL_ERROR_TEXT_KEYS);
export function isErrorTextKey(value: unknown): value is ErrorTextKey {
  return typeof value === 'string' && KNOWN_KEYS.has(value);
}
