import { Anchor, Group, Text } from '@mantine/core';
import { paths } from '@pet/shared/paths';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBrand } from '../../config/brand.tsx';

/** Footer links to the imprint, privacy, terms and help; internal pages stay in the app, the FAQ opens outside. */
export function LegalLinks() {
  const { t } = useTranslation();
  const brand = useBrand();
  const links = [
    { href: paths.pdf, label: t('footer.imprint') },
    { href: brand.links.privacy, label: t('footer.privacy') },
    { href: brand.links.terms, label: t('footer.terms') },
    { href: brand.links.faq, label: t('footer.help') },
  ];
  return (
    <Group component="footer" justify="center" gap="lg" py="lg" px="md">
      {links.map((link) =>
        link.href.startsWith('/') ? (
          <Anchor key={link.href} component={Link} to={link.href} size="sm" c="dimmed">
            {link.label}
          </Anchor>
        ) : (
          <Anchor
            key={link.href}
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
            c="dimmed"
          >
            {link.label}
          </Anchor>
        ),
      )}
      <Text size="sm" c="dimmed">
        © {new Date().getFullYear()} {brand.displayName}
      </Text>
    </Group>
  );
}
