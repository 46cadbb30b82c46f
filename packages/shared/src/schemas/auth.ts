import { z } from 'zod';
import { BRAND_IDS } from '../brands.ts';
import { PAY_TYPES } from '../domain/billing.ts';
import { PET_ROLES } from '../domain/pets.ts';
import { paymentsConfigSchema } from './billing.ts';
import {
  emailField,
  languageField,
  nameField,
  optionalText,
  passwordField,
  trackerIdsField,
} from './common.ts';
import { planSchema } from './plans.ts';
import { downgradingSchema } from './subscription.ts';

export const signInSchema = z.object({
  email: emailField,
  password: z.string({ error: 'Password_Error' }).min(1, 'Password_Error'),
  remember_me: z.boolean().default(true),
});
export type SignInInput = z.infer<typeof signInSchema>;

/** POST /v1/auth/signup (document 1 section 3, sign-up payload). */
export const signUpSchema = z.object({
  name: nameField,
  email: emailField,
  password: passwordField,
  activation_code: z
    .string()
    .trim()
    .max(64, 'Invalid_Code_Text')
    .nullish()
    .transform((v) => (v ? v : null)),
  language: languageField,
  product_associated: z.boolean().default(false),
  tracker_ids: trackerIdsField.optional(),
  /**
   * The token of a household invitation's link (issue 45): who registers to join a household needs no
   * activation code or tracker; the verification mail leads back to the invitation.
   */
  household_token: z.string().trim().max(200, 'Invalid_Value_Error').optional(),
});
export type SignUpInput = z.input<typeof signUpSchema>;
export const signUpResponseSchema = z.object({ id: z.string(), email: z.string() });

/** The register form: the payload plus confirmation and acceptance, which never leave the browser. */
export const registerFormSchema = z
  .object({
    code_option: z.enum(['yes', 'no', 'without']),
    activation_code: z.string().trim(),
    tracker_id: z.string().trim(),
    name: nameField,
    email: emailField,
    password: passwordField,
    confirm_password: z.string().min(1, 'Confirm_Password_Error'),
    accept_terms: z.literal(true, { error: 'Terms_Error' }),
  })
  .refine((v) => v.password === v.confirm_password, {
    path: ['confirm_password'],
    message: 'Match_Password_Text',
  });
export type RegisterFormValues = z.input<typeof registerFormSchema>;

/** POST /v1/auth/verifycode. */
export const verifyCodeSchema = z.object({
  code: z
    .string({ error: 'Activation_Code_Text_Required' })
    .trim()
    .min(1, 'Activation_Code_Text_Required')
    .max(64, 'Invalid_Code_Text'),
  tracker_ids: trackerIdsField.optional(),
});
export type VerifyCodeInput = z.input<typeof verifyCodeSchema>;
export const verifyCodeResponseSchema = z.object({ isvalid: z.boolean(), message: z.string() });
export type VerifyCodeResponse = z.infer<typeof verifyCodeResponseSchema>;

/** POST /v1/auth/verification/sendemail: the mobile-app fields are accepted and ignored by the web. */
export const sendVerificationSchema = z.object({
  email: emailField.optional(),
  url: z.string().max(2048).optional(),
  handle_code_in_app: z.boolean().optional(),
  ios_bundle_id: z.string().max(255).optional(),
  android_package_name: z.string().max(255).optional(),
  android_minimum_version: z.union([z.string(), z.number()]).optional(),
  dynamic_link_domain: z.string().max(255).optional(),
});

/** POST /v1/auth/password/reset. */
export const passwordResetSchema = z.object({
  email: emailField,
  url: z.string().max(2048).optional(),
  handle_code_in_app: z.boolean().optional(),
});

/** Completing a reset with the token from the mail. */
export const newPasswordSchema = z
  .object({
    token: z.string().min(1),
    password: passwordField,
    confirm_password: z.string().min(1, 'Confirm_Password_Error'),
  })
  .refine((v) => v.password === v.confirm_password, {
    path: ['confirm_password'],
    message: 'Match_Password_Text',
  });

/** PUT or POST /v1/auth/modify: one or more of name, language, stay_loggedin. */
export const modifyAccountSchema = z
  .object({
    name: nameField.optional(),
    language: languageField.optional(),
    stay_loggedin: z.boolean().optional(),
  })
  .refine((v) => v.name !== undefined || v.language !== undefined || v.stay_loggedin !== undefined, {
    message: 'Required_Error',
    path: ['name'],
  });
export type ModifyAccountInput = z.input<typeof modifyAccountSchema>;

/** GET /v1/config: what the public screens need to know about this server. */
export const publicConfigSchema = z.object({
  brand: z.enum(BRAND_IDS),
  google: z.boolean(),
  /** The payment provider the web confirms payments with, and Stripe's publishable key in stripe mode. */
  payments: paymentsConfigSchema,
  /** The payment sandbox on a production server, on purpose: every page says the payments are tests. */
  test_payments: z.boolean(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

/** POST /v1/log: client error reports. */
export const clientLogSchema = z.object({
  log: z.string().max(4000),
  platform: z.string().max(20).default('web'),
  error: z.unknown().optional(),
});

export const userAddressSchema = z.object({
  address_1: optionalText(120),
  address_2: optionalText(120),
  zipcode: optionalText(20),
  city: optionalText(80),
  country: optionalText(2),
  phone: optionalText(40),
});
/** PUT /v1/user/update?id=: the address fields. */
export type UserAddressInput = z.input<typeof userAddressSchema>;

/**
 * GET /v1/auth/myinfo. `product` is the user's plan with everything the web needs to decide before a
 * request (limits, flags); the membership fields say how the user got it. Later issues add fields (pets,
 * subscription); the web tolerates extras.
 */
export const myInfoSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  language: languageField,
  image_url: z.string().nullable(),
  photoUrl: z.string().nullable(),
  stay_loggedin: z.boolean(),
  role: z.string(),
  /** The pets the user reaches: their own (role 'owner') and those shared with them (issue 45). */
  pets: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      role: z.enum(PET_ROLES),
      /** The owner's name on a pet shared with the user; null on the user's own. */
      owner_name: z.string().nullable(),
    }),
  ),
  /** Null only when the server has no catalogue for its brand. */
  product: planSchema.nullable(),
  /** The spec's top-level product_id (spec 2 section 3, "User info"): `product.id`, null with no product. */
  product_id: z.string().nullable(),
  product_associated: z.boolean(),
  is_promo: z.boolean(),
  is_gift: z.boolean(),
  is_trial: z.boolean(),
  trial_months: z.number().nullable(),
  /** ISO 8601 instant the trial falls back to the default plan; null when not on a trial. */
  trial_ends_at: z.string().nullable(),
  /** standard | promo | gift | trial: the type of the code the current plan came from. */
  activation_code_type: z.string().nullable(),
  tracker_ids: z.array(z.string()),
  /** The paid term's end in unix seconds (spec), null without a paid subscription. */
  stripe_subscription_end: z.number().int().nullable(),
  /** The price id (and so the period) of the paid subscription, null without one. */
  stripe_price_id: z.string().nullable(),
  /** The paid subscription's period, null without one. */
  pay_type: z.enum(PAY_TYPES).nullable(),
  /** The provider's customer id, null until the first order. */
  stripe_customer_id: z.string().nullable(),
  /** false, or the plan a pending downgrade moves to and the day it starts (subscription.ts). */
  downgrading: z.union([z.literal(false), downgradingSchema]),
  address_1: z.string().nullable(),
  address_2: z.string().nullable(),
  zipcode: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  phone: z.string().nullable(),
});
export type MyInfo = z.infer<typeof myInfoSchema>;
