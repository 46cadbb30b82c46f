// Every difference between the five brand variants lives here, so screens and services ask the config
// instead of comparing brand names.

export const BRAND_IDS = ['petention', 'hunde-schutz', 'tier-fritz', 'primepet', 'animal-care'] as const;
export type BrandId = (typeof BRAND_IDS)[number];

export const PET_TYPES = ['Dog', 'Cat', 'Other'] as const;
export type PetType = (typeof PET_TYPES)[number];

/** The register screen's answers to "do you have an activation code". */
export type CodeOption = 'yes' | 'no' | 'without';

export type DashboardCard =
  | 'my-pets'
  | 'contacts'
  | 'medical-data'
  | 'vet-findings'
  | 'document-safe'
  | 'events'
  | 'emergency'
  | 'my-account';

export interface BrandConfig {
  id: BrandId;
  /** The partner id the product catalogue and sign-up are keyed by. */
  partnerId: string;
  displayName: string;
  /** Primary colour (Mantine colour name) and the logo file under the web app's public/brands/. */
  color: 'teal' | 'orange' | 'indigo' | 'grape' | 'cyan';
  logo: string;
  petTypes: readonly PetType[];
  /** Sign-in shows a link to /register. */
  registerLinkOnSignin: boolean;
  codeOptions: readonly CodeOption[];
  /** A GPS tracker id is asked at registration and activation. */
  requiresTracker: boolean;
  /** Sign-up is closed; the register screen points to the successor app. */
  signupClosed: boolean;
  canPlaceOrders: boolean;
  menu: { bills: boolean; updatePayment: boolean };
  couponField: boolean;
  /** Pet-limit upgrade button shows while the product sequence is below this. */
  upgradeBelowSequence: number;
  /**
   * What ranks plans for the downgrade list (spec 2 section 4 "Plans offered", plan-lists.ts): the term in
   * months where the catalogue sells one product per term, else the yearly price.
   */
  downgradeRank: 'duration' | 'yearly-price';
  /** The "service not free" message carries a link to the subscription page. */
  upgradeLinkInFreeMessage: boolean;
  petNameInAppointments: boolean;
  /** Product sequence 0 may download the emergency file. */
  freeEmergencyDownload: boolean;
  /** A user without an associated product is held on /my-account/activate-product. */
  holdWithoutProduct: boolean;
  /** Texts with dog-specific wording (empty states). */
  dogTexts: boolean;
  dashboardCards: readonly DashboardCard[];
  /** 'short': the cards read "emergency case files" and "my account" (spec 1 section 2, "some variants"). */
  dashboardCardTitles: 'default' | 'short';
  links: {
    faq: string;
    privacy: string;
    terms: string;
    successorApp: string;
    supportEmail: string;
    /** The brand's shop, where a user without an activation code can buy a product. */
    shop: string;
  };
}

const ALL_CARDS: readonly DashboardCard[] = [
  'my-pets',
  'contacts',
  'medical-data',
  'vet-findings',
  'document-safe',
  'events',
  'emergency',
  'my-account',
];
const SHORT_CARDS: readonly DashboardCard[] = ['my-pets', 'events', 'emergency', 'my-account'];

const base: Omit<BrandConfig, 'id' | 'partnerId' | 'displayName' | 'color' | 'logo' | 'links'> = {
  petTypes: PET_TYPES,
  registerLinkOnSignin: true,
  codeOptions: ['yes', 'no', 'without'],
  requiresTracker: false,
  signupClosed: false,
  canPlaceOrders: true,
  menu: { bills: true, updatePayment: true },
  couponField: true,
  upgradeBelowSequence: 3,
  downgradeRank: 'yearly-price',
  upgradeLinkInFreeMessage: true,
  petNameInAppointments: true,
  freeEmergencyDownload: true,
  holdWithoutProduct: false,
  dogTexts: false,
  dashboardCards: ALL_CARDS,
  dashboardCardTitles: 'default',
};

function links(domain: string, supportEmail: string): BrandConfig['links'] {
  return {
    faq: `https://www.${domain}/faq`,
    privacy: '/dataprotectionpdf',
    terms: '/conditions',
    successorApp: 'https://www.petention.de',
    supportEmail,
    shop: `https://www.${domain}/shop`,
  };
}

const BRANDS: Record<BrandId, BrandConfig> = {
  petention: {
    ...base,
    id: 'petention',
    partnerId: 'petention',
    displayName: 'Petention',
    color: 'teal',
    logo: 'petention.svg',
    registerLinkOnSignin: false,
    links: links('petention.de', 'service@petention.de'),
  },
  'hunde-schutz': {
    ...base,
    id: 'hunde-schutz',
    partnerId: 'hunde-schutz',
    displayName: 'Hunde-Schutz',
    color: 'orange',
    logo: 'hunde-schutz.svg',
    petTypes: ['Dog'],
    menu: { bills: false, updatePayment: true },
    upgradeBelowSequence: 4,
    holdWithoutProduct: true,
    // Spec 1 sections 2 and 5: no pet name in the appointment forms of the dog-protection variant.
    petNameInAppointments: false,
    dogTexts: true,
    links: links('hunde-schutz.de', 'service@hunde-schutz.de'),
  },
  'tier-fritz': {
    ...base,
    id: 'tier-fritz',
    partnerId: 'tier-fritz',
    displayName: 'Tier-Fritz',
    color: 'indigo',
    logo: 'tier-fritz.svg',
    codeOptions: ['yes', 'no'],
    requiresTracker: true,
    menu: { bills: true, updatePayment: false },
    couponField: false,
    downgradeRank: 'duration',
    upgradeLinkInFreeMessage: false,
    dashboardCards: SHORT_CARDS,
    dashboardCardTitles: 'short',
    links: links('tier-fritz.de', 'service@tier-fritz.de'),
  },
  primepet: {
    ...base,
    id: 'primepet',
    partnerId: 'primepet',
    displayName: 'PrimePet',
    color: 'grape',
    logo: 'primepet.svg',
    signupClosed: true,
    canPlaceOrders: false,
    links: links('primepet.de', 'service@primepet.de'),
  },
  'animal-care': {
    ...base,
    id: 'animal-care',
    partnerId: 'animal-care',
    displayName: 'Animal Care',
    color: 'cyan',
    logo: 'animal-care.svg',
    petNameInAppointments: false,
    freeEmergencyDownload: false,
    links: links('animal-care.de', 'service@animal-care.de'),
  },
};

export function isBrandId(value: string): value is BrandId {
  return (BRAND_IDS as readonly string[]).includes(value);
}

export function brandConfig(id: BrandId): BrandConfig {
  return BRANDS[id];
}

/** The partner ids the product catalogue is keyed by, one per brand. */
export const PARTNER_IDS: readonly string[] = BRAND_IDS.map((id) => BRANDS[id].partnerId);

export function brandForPartner(partnerId: string): BrandConfig | undefined {
  return BRAND_IDS.map((id) => BRANDS[id]).find((brand) => brand.partnerId === partnerId);
}
