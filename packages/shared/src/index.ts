export * from './brands.ts';
export * from './constants.ts';
export * from './entitlements.ts';
export * from './errors.ts';
// The rest of paths.ts is imported from '@pet/shared/paths'; e2e still names this one from the root.
export { petPathName } from './paths.ts';
export * from './schemas/appointments.ts';
export * from './schemas/auth.ts';
export * from './schemas/common.ts';
export * from './schemas/dates.ts';
export * from './schemas/pets.ts';
export * from './schemas/plans.ts';
