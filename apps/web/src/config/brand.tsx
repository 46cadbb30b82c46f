import { type BrandConfig, brandConfig, isBrandId } from '@pet/shared/brands';
import { createContext, type ReactNode, useContext } from 'react';

// The brand is fixed at build time (vite.config.ts sets VITE_BRAND). Screens read it through a context so a
// test can render the tracker or dog variant without rebuilding.
const fromEnv = import.meta.env.VITE_BRAND ?? 'petention';
export const buildBrand: BrandConfig = brandConfig(isBrandId(fromEnv) ? fromEnv : 'petention');

const BrandContext = createContext<BrandConfig>(buildBrand);

export function BrandProvider({ brand, children }: { brand: BrandConfig; children: ReactNode }) {
  return <BrandContext.Provider value={brand}>{children}</BrandContext.Provider>;
}

export function useBrand(): BrandConfig {
  return useContext(BrandContext);
}

export function logoUrl(brand: BrandConfig): string {
  return `/brands/${brand.logo}`;
}

/**
 * The logo files' own sizes (their SVG width and height, public/brands/): an img with both attributes has its
 * box before the file arrives, so the page does not shift when it does (CLS). A test compares them.
 */
export const LOGO_SIZES: Record<BrandConfig['logo'], { width: number; height: number }> = {
  'petention.svg': { width: 182, height: 48 },
  'hunde-schutz.svg': { width: 234, height: 48 },
  'tier-fritz.svg': { width: 174, height: 48 },
  'primepet.svg': { width: 175, height: 48 },
  'animal-care.svg': { width: 211, height: 48 },
};

/**
 * The i18next context for brand-worded texts: the dog-protection brand says "dog" where others say "pet"
 * (keys with the `_dog` suffix).
 */
export function useBrandTextContext(): { context?: 'dog' } {
  return useBrand().dogTexts ? { context: 'dog' } : {};
}
