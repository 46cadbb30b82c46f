export * from './brands.ts';
export * from './constants.ts';
export * from './entitlements.ts';
export * from './errors.ts';
export * from './schemas/auth.ts';
export * from './schemas/common.ts';
