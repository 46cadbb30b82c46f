import { registerFormSchema } from '@pet/shared';
import type { BrandConfig } from '@pet/shared/brands';

/**
 * The shared register schema plus what depends on the brand and the chosen code option. These checks run
 * even while other fields are still invalid (`when`), so each field shows its message on blur, in any order.
 */
export function registerSchemaFor(brand: BrandConfig) {
  return registerFormSchema.superRefine(
    (values, ctx) => {
      if (values.code_option === 'yes') {
        if (!values.activation_code?.trim()) {
          ctx.addIssue({
            code: 'custom',
            path: ['activation_code'],
            message: 'Activation_Code_Text_Required',
          });
        }
        if (brand.requiresTracker && !values.tracker_id?.trim()) {
          ctx.addIssue({ code: 'custom', path: ['tracker_id'], message: 'GPS_Tracker_ID_Required' });
        }
      }
      if (values.confirm_password && values.password !== values.confirm_password) {
        ctx.addIssue({ code: 'custom', path: ['confirm_password'], message: 'Match_Password_Text' });
      }
    },
    { when: () => true },
  );
}
