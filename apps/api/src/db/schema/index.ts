export * from './auth.ts';
export * from './codes.ts';
