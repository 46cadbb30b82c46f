import { Alert, Button, Group, SimpleGrid, Text } from '@mantine/core';
import { paths } from '@pet/shared/paths';
import { IconHelpCircle, IconPaw, IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ExternalAnchor } from '../../../components/ExternalAnchor.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useBrand, useBrandTextContext } from '../../../config/brand.tsx';
import { useMyInfo } from '../../../lib/session/myInfo.ts';
import { cardTarget } from '../components/cards.ts';
import { DashboardCardLink } from '../components/DashboardCardLink.tsx';
import { DueSoonCard } from '../components/DueSoonCard.tsx';

/**
 * / and /dashboard: the brand's cards and a help link (spec 1 section 2), below what the app composes in
 * first (`today`: the day's doses, app/composed/), given whether the user has a pet.
 */
export function DashboardPage({ today }: { today?: (hasPets: boolean) => ReactNode } = {}) {
  const { t } = useTranslation('dashboard');
  const brand = useBrand();
  const textContext = useBrandTextContext();
  const me = useMyInfo().data;
  const pets = me?.pets ?? [];
  const firstName = me?.name.split(' ')[0] ?? '';

  return (
    <>
      <PageHeader title={t('greeting', { name: firstName })} subtitle={t('subtitle')} />
      {pets.length === 0 ? (
        <Alert variant="light" radius="lg" mb="lg" icon={<IconPaw size={20} />}>
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t('noPets', textContext)}</Text>
            <Button component={Link} to={paths.newPet} size="xs" leftSection={<IconPlus size={14} />}>
              {t('addPet', textContext)}
            </Button>
          </Group>
        </Alert>
      ) : null}
      {today?.(pets.length > 0)}
      {/* Every brand: its pets have medical data, even where the dashboard has no card for it. */}
      <DueSoonCard enabled={pets.length > 0} />
      <SimpleGrid
        component="section"
        aria-label={t('cardsLabel')}
        cols={{ base: 1, xs: 2, md: brand.dashboardCards.length > 4 ? 4 : 2 }}
        spacing={{ base: 'sm', xs: 'lg' }}
      >
        {brand.dashboardCards.map((card) => (
          <DashboardCardLink key={card} card={card} to={cardTarget(card, pets)} />
        ))}
      </SimpleGrid>
      {/* One line with its icon; on a narrow phone the text wraps beside the icon, not below it. */}
      <Group justify="center" mt="xl" gap={6} wrap="nowrap">
        <IconHelpCircle size={18} style={{ flexShrink: 0 }} />
        <ExternalAnchor href={brand.links.faq} fw={500}>
          {t('help')}
        </ExternalAnchor>
      </Group>
    </>
  );
}
