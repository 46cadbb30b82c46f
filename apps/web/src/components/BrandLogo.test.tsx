import { readFileSync } from 'node:fs';
import { BRAND_IDS, brandConfig } from '@pet/shared/brands';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LOGO_SIZES } from '../config/brand.tsx';
import { renderRoutes } from '../test/render.tsx';
import { BrandLogo } from './BrandLogo.tsx';

describe('brand logo', () => {
  it.each(BRAND_IDS)(
    '%s: the img has width and height in the file’s proportions (no layout shift)',
    async (id) => {
      const brand = brandConfig(id);
      renderRoutes([{ path: '/', element: <BrandLogo height={34} /> }], { brand: id });
      const img = await screen.findByRole('img', { name: brand.displayName });
      const size = LOGO_SIZES[brand.logo];
      expect(img.getAttribute('height')).toBe('34');
      expect(img.getAttribute('width')).toBe(
        String(Math.round(((size?.width ?? 0) * 34) / (size?.height ?? 1))),
      );
    },
  );

  it.each(BRAND_IDS)('%s: LOGO_SIZES matches the SVG file', (id) => {
    const { logo } = brandConfig(id);
    // jsdom gives import.meta.url an http scheme; import.meta.dirname is the folder on disk.
    const svg = readFileSync(`${import.meta.dirname}/../../public/brands/${logo}`, 'utf8');
    const width = Number(/<svg[^>]*\swidth="(\d+)"/.exec(svg)?.[1]);
    const height = Number(/<svg[^>]*\sheight="(\d+)"/.exec(svg)?.[1]);
    expect(LOGO_SIZES[logo]).toEqual({ width, height });
  });
});
