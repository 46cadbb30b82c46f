import { zodResolver } from '@hookform/resolvers/zod';
import type { BrandConfig } from '@pet/shared/brands';
import { registerSchemaFor } from './registerSchema.ts';

// Loaded on demand by RegisterForm (lib/lazyResolver.ts): zod stays out of the registration page's first
// download.
export const registerResolverFor = (brand: BrandConfig) => zodResolver(registerSchemaFor(brand));
