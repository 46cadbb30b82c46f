import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AppointmentListItem,
  type AppointmentType,
  type CreateAppointmentInput,
  createAppointmentSchema,
  type UpdateAppointmentInput,
  updateAppointmentSchema,
} from '@pet/shared';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';
import {
  CONTACT_DETAILS_FIELDS,
  type ContactDetailsValues,
  contactDetailsOf,
  emptyContactDetails,
} from '../../../components/form/contactDetails.ts';
import { inputValuesOf } from '../../../lib/inputValues.ts';
import { browserTimeZone } from '../../../lib/timeZone.ts';
import { shortTime } from './appointmentTime.ts';

// What the add and edit forms hold, how they are checked (the shared schemas, so the form and the API
// refuse the same input with the same text keys) and what they send.

/** Every input holds a string; '' means "nothing entered" (an unchosen type or pet, an empty date). */
export interface AppointmentFormValues extends ContactDetailsValues {
  pet_id: string;
  appointment_type: AppointmentType | '';
  vaccination_type: string;
  reason: string;
  vet_name: string;
  medication: string;
  comments: string;
  /** dd.MM.yyyy */
  appointment_date: string;
  /** HH:mm */
  appointment_time: string;
  reminder_date: string;
  reminder_time: string;
}

export type AppointmentFieldName = keyof AppointmentFormValues;

/** The fields a list item holds as the inputs do (with the `appointment_` prefix), or null for none. */
const TEXT_FIELDS = [
  'vaccination_type',
  'reason',
  'vet_name',
  ...CONTACT_DETAILS_FIELDS,
  'medication',
  'comments',
  'reminder_date',
] as const;

/** The fields the API may name in a 400's `fields`, so its messages land under the inputs. */
export const SERVER_FIELDS: readonly AppointmentFieldName[] = [
  ...TEXT_FIELDS,
  'appointment_type',
  'appointment_date',
  'appointment_time',
  'reminder_time',
];

/** The add form also picks the pet (POST /v1/appointment?pet_id=). */
const addFormSchema = z
  .object({ pet_id: z.string().trim().min(1, 'Required_Error') })
  .and(createAppointmentSchema);
export type AddFormOutput = z.output<typeof addFormSchema>;
export type EditFormOutput = z.output<typeof updateAppointmentSchema>;

// The schemas type their input as the API's (a chosen type, no ''); the form starts empty, so the resolvers
// are typed against the form's values. What they check and answer is exactly the shared schemas'.
export const addFormResolver = zodResolver(addFormSchema) as unknown as Resolver<
  AppointmentFormValues,
  unknown,
  AddFormOutput
>;
export const editFormResolver = zodResolver(updateAppointmentSchema) as unknown as Resolver<
  AppointmentFormValues,
  unknown,
  EditFormOutput
>;

export function emptyAppointmentValues(petId = ''): AppointmentFormValues {
  return {
    pet_id: petId,
    appointment_type: '',
    vaccination_type: '',
    reason: '',
    vet_name: '',
    ...emptyContactDetails(),
    medication: '',
    comments: '',
    appointment_date: '',
    appointment_time: '',
    reminder_date: '',
    reminder_time: '',
  };
}

/** A list item (names with the `appointment_` prefix) as the edit form's values. */
export function formValuesOf(item: AppointmentListItem): AppointmentFormValues {
  return {
    ...inputValuesOf(item, TEXT_FIELDS, 'appointment_'),
    pet_id: item.appointment_pet_id,
    appointment_type: item.appointment_type,
    appointment_date: item.appointment_date,
    appointment_time: shortTime(item.appointment_time),
    reminder_time: item.appointment_reminder_time ? shortTime(item.appointment_reminder_time) : '',
  };
}

type CheckedValues = AddFormOutput | EditFormOutput;

/** The fields both calls share: details, date, time, the zone, and the reminder only when it is complete. */
function commonPayload(values: CheckedValues) {
  const zone = browserTimeZone();
  const hasReminder = Boolean(values.reminder_date && values.reminder_time);
  return {
    reason: values.reason,
    appointment_date: values.appointment_date,
    appointment_time: shortTime(values.appointment_time),
    vet_name: values.vet_name,
    ...contactDetailsOf(values),
    medication: values.medication,
    comments: values.comments,
    // Meaningful for a vaccination only; the field is hidden (and may hold an old entry) otherwise.
    vaccination_type: values.appointment_type === 'Vaccination' ? values.vaccination_type : null,
    ...(zone ? { reminder_time_zone: zone } : {}),
    ...(hasReminder
      ? { reminder_date: values.reminder_date, reminder_time: shortTime(values.reminder_time ?? '') }
      : {}),
  };
}

/** POST /v1/appointment body (spec 1 section 7). */
export function createPayload(values: AddFormOutput): CreateAppointmentInput {
  return { appointment_type: values.appointment_type, ...commonPayload(values) };
}

/** PUT /v1/appointment body; an absent reminder removes the stored one. */
export function updatePayload(values: EditFormOutput): UpdateAppointmentInput {
  return {
    ...(values.appointment_type ? { appointment_type: values.appointment_type } : {}),
    ...commonPayload(values),
  };
}
