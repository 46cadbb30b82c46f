import type { ErrorTextKey } from '@pet/shared/errors';
import { showsSupportMailLink, textKeyFor476 } from '@pet/shared/text-key-for-error';
import type { ApiError } from './api/ApiError.ts';

/** A code the server refused for what it is (spec 1 and 2, section 8): the message under the code field. */
export interface CodeRefusal {
  code: ErrorTextKey;
  /** Show the customer-service text with the support e-mail link. */
  support?: boolean;
}

/**
 * The answers that say the same of an activation code wherever one is checked (the register screen's
 * verifycode, the activate-product form's apply): wrong, already redeemed, of an unknown batch, or one of
 * 476's reasons. Undefined for any other answer, which each check reads in its own way.
 */
export function codeRefusal(error: ApiError): CodeRefusal | undefined {
  switch (error.status) {
    case 470:
      return { code: 'Wrong_Code_Text', support: true };
    case 433:
    case 477:
      return { code: 'Code_Already_Redeemed' };
    case 476:
      return {
        code: textKeyFor476(error.message, 'activation'),
        support: showsSupportMailLink(error.status, error.message),
      };
    case 478:
      return { code: 'Batch_Code_Does_Not_Exist_Text' };
    default:
      return undefined;
  }
}
