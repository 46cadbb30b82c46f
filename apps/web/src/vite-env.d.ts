/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The brand variant, set by vite.config.ts from BRAND at build time. */
  readonly VITE_BRAND?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
