import type { DocumentType } from '@pet/shared';
import type { BrandConfig } from '@pet/shared/brands';

// The key of each document_type's texts in the `documents` namespace: the document screens and the page a
// share link opens both name a document's type.

export type TypeTextKey =
  | 'descent'
  | 'passport'
  | 'insurance'
  | 'dogTax'
  | 'petTax'
  | 'bill'
  | 'other'
  | 'prescription'
  | 'laboratory'
  | 'xray'
  | 'ultrasound'
  | 'diagnosis'
  | 'photo'
  | 'otherFinding';

/** The text key of each document_type (list title, add title, hub description). */
const TYPE_KEYS: Record<DocumentType, TypeTextKey> = {
  'Certificate of Descent': 'descent',
  'EU Pet Passport': 'passport',
  Insurance: 'insurance',
  'Dog Tax': 'dogTax',
  Bills: 'bill',
  Others: 'other',
  Prescriptions: 'prescription',
  'Laboratory Findings': 'laboratory',
  'X-rays': 'xray',
  'Ultrasound Images': 'ultrasound',
  Diagnoses: 'diagnosis',
  Photos: 'photo',
  'Other Findings': 'otherFinding',
};

/**
 * The texts of a type. The dog tax is a "pet tax" where the brand keeps more than dogs (spec 2 section 3:
 * "Dog Tax (also Pet Tax)").
 */
export function typeTextKey(type: DocumentType, brand: BrandConfig): TypeTextKey {
  const key = TYPE_KEYS[type];
  return key === 'dogTax' && brand.petTypes.some((species) => species !== 'Dog') ? 'petTax' : key;
}
