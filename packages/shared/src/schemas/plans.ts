import { z } from 'zod';
import { PARTNER_IDS } from '../brands.ts';
import { trackerIdsField } from './common.ts';

// Plans (the spec's Product), the product list and product activation (document 2, sections 3 and 7).

/** The user's plan as myinfo carries it: what the web needs to decide before a request. */
export const planSchema = z.object({
  id: z.string(),
  name: z.string(),
  sequence: z.number().int(),
  internal_note: z.string().nullable(),
  is_default: z.boolean(),
  pets_limit: z.number().int(),
  /** 100 or more: unlimited (isUnlimitedDocuments). */
  documents_limit: z.number().int(),
  appointments: z.boolean(),
  medical: z.boolean(),
  emergency_file: z.boolean(),
  gps_tracking: z.boolean(),
  /** Term in months (1, 12, 24 on tier-fritz); null: monthly or yearly as chosen at checkout. */
  duration: z.number().int().nullable(),
  /** Euro. */
  monthly_price: z.number(),
  yearly_price: z.number(),
});
export type Plan = z.infer<typeof planSchema>;

/** A product of GET /v1/subscription/product/list: the plan plus its partner, slug and price ids. */
export const productSchema = planSchema.extend({
  partner_id: z.string(),
  key: z.string(),
  monthly_price_id: z.string().nullable(),
  yearly_price_id: z.string().nullable(),
  stripe_id: z.string().nullable(),
  /** One-time GPS tracker add-on in euro, on plans that sell one. */
  tracker_price: z.number().nullable(),
});
export type Product = z.infer<typeof productSchema>;

/** GET /v1/subscription/product/list?partner_id=: the server's own partner when absent. */
export const productListQuerySchema = z.object({
  partner_id: z
    .string()
    .trim()
    .refine((v) => PARTNER_IDS.includes(v), 'Invalid_Value_Error')
    .optional(),
});

export const productListResponseSchema = z.object({
  data: z.array(productSchema),
  /** The product id of a pending order (billing); null while none is pending. */
  order_placed: z.string().nullable(),
});
export type ProductListResponse = z.infer<typeof productListResponseSchema>;

/** POST /v1/subscription/change/apply (the spec's activation payload). */
export const activateProductSchema = z.object({
  activation_code: z
    .string({ error: 'Activation_Code_Text_Required' })
    .trim()
    .min(1, 'Activation_Code_Text_Required')
    .max(64, 'Invalid_Code_Text'),
  tracker_ids: trackerIdsField.optional(),
});
export type ActivateProductInput = z.input<typeof activateProductSchema>;
