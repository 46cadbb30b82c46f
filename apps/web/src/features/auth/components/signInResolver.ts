import { zodResolver } from '@hookform/resolvers/zod';
import { signInSchema } from '@pet/shared/schemas/auth';

// Loaded on demand by SignInForm (lib/lazyResolver.ts): zod stays out of the sign-in page's first download.
export const signInResolver = zodResolver(signInSchema);
