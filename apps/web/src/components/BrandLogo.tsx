import { Image } from '@mantine/core';
import { logoUrl, useBrand } from '../config/brand.tsx';

/** The brand's logo file from public/brands/ (mark and name in one SVG). */
export function BrandLogo({ height = 36 }: { height?: number }) {
  const brand = useBrand();
  return <Image src={logoUrl(brand)} alt={brand.displayName} h={height} w="auto" fit="contain" />;
}
