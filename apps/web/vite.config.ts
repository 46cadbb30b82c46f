import { brandConfig, isBrandId } from '@pet/shared/brands';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';

// One build per brand (docs/decisions/0001): BRAND picks the variant at build time and the output folder, so
// the server can serve dist/<BRAND>/ and no brand carries another brand's texts or logo.
const brandId = process.env.BRAND ?? 'petention';
if (!isBrandId(brandId)) {
  throw new Error(
    `BRAND must be one of petention, hunde-schutz, tier-fritz, primepet, animal-care (got "${brandId}")`,
  );
}
const brand = brandConfig(brandId);

// Vite exposes VITE_* variables of process.env to the code and to %VITE_*% placeholders in index.html.
process.env.VITE_BRAND = brand.id;
process.env.VITE_BRAND_NAME = brand.displayName;

const apiPort = Number(process.env.PORT ?? 3000);
const apiTarget = `http://127.0.0.1:${apiPort}`;
const proxy = Object.fromEntries(
  ['/v1', '/api', '/docs', '/healthz'].map((prefix) => [prefix, { target: apiTarget, changeOrigin: false }]),
);

export default defineConfig({
  plugins: [react(), precompress()],
  define: {
    'import.meta.env.VITE_BRAND': JSON.stringify(brand.id),
  },
  build: {
    outDir: `dist/${brand.id}`,
    emptyOutDir: true,
    chunkSizeWarningLimit: 600,
  },
  server: { port: apiPort + 1, strictPort: true, proxy },
  preview: { port: apiPort + 1, strictPort: true, proxy },
});
