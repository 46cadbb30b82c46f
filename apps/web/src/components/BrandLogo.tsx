import { Image } from '@mantine/core';
import { LOGO_SIZES, logoUrl, useBrand } from '../config/brand.tsx';

/** The brand's logo file from public/brands/ (mark and name in one SVG), `height` pixels high. */
export function BrandLogo({ height = 36 }: { height?: number }) {
  const brand = useBrand();
  const file = LOGO_SIZES[brand.logo] ?? { width: height, height };
  // width and height attributes at the drawn size: the browser reserves the box before the file loads.
  const width = Math.round((file.width * height) / file.height);
  return (
    <Image
      src={logoUrl(brand)}
      alt={brand.displayName}
      width={width}
      height={height}
      h={height}
      w={width}
      fit="contain"
    />
  );
}
