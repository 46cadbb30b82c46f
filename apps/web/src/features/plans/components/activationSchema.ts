import { z } from 'zod';

// The activate-product form (spec 2 section 5, Activation): the code's field is named emergency_code, as the
// spec says; gps_tracker_id is required only where the form shows it (tier-fritz without a tracker).

export function activationFormSchema(trackerShown: boolean) {
  return z.object({
    emergency_code: z.string().trim().min(1, 'Activation_Code_Text_Required').max(64, 'Invalid_Code_Text'),
    gps_tracker_id: trackerShown
      ? z.string().trim().min(1, 'GPS_Tracker_ID_Required').max(64, 'Invalid_Tracker_Id_Text')
      : z.string(),
  });
}

export type ActivationFormValues = z.input<ReturnType<typeof activationFormSchema>>;
