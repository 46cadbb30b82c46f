import { Box, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import type { PetProfile } from '@pet/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePetTexts } from './usePetTexts.ts';

function Fact({ label, value, wide }: { label: string; value: ReactNode; wide?: boolean }) {
  return (
    <Box style={wide ? { gridColumn: '1 / -1' } : undefined}>
      <Text component="dt" size="xs" fw={700} c="dimmed" tt="uppercase" lts={0.4}>
        {label}
      </Text>
      <Text component="dd" m={0} mt={2} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Box>
  );
}

/** Everything the profile holds about the pet, "not specified" where a field is empty. */
export function PetFacts({ pet }: { pet: PetProfile }) {
  const { t } = useTranslation('pets');
  const texts = usePetTexts();
  const none = (
    <Text span c="dimmed" fs="italic" inherit>
      {t('details.notSpecified')}
    </Text>
  );
  const text = (value: string | null | undefined) => (value?.trim() ? value : none);
  const age = texts.age(pet.date_of_birth);
  const size = pet.size ? t('details.sizeValue', { cm: Number.parseInt(pet.size, 10) }) : null;

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} h="100%">
      <Title order={2} fz="lg" mb="md">
        {t('details.factsTitle')}
      </Title>
      <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md" m={0}>
        <Fact label={t('fields.pet_type')} value={texts.species(pet.pet_type)} />
        <Fact label={t('fields.gender')} value={text(texts.gender(pet.gender))} />
        <Fact label={t('fields.race')} value={text(pet.race)} />
        <Fact
          label={t('fields.date_of_birth')}
          value={
            pet.date_of_birth
              ? age
                ? t('details.bornWithAge', { date: pet.date_of_birth, age })
                : pet.date_of_birth
              : none
          }
        />
        <Fact label={t('fields.size')} value={text(size)} />
        <Fact label={t('fields.color')} value={text(pet.color)} />
        <Fact label={t('fields.labeling')} value={text(pet.labeling)} />
        <Fact label={t('fields.ancestry')} value={text(pet.ancestry)} />
        <Fact label={t('fields.features')} value={text(pet.features)} wide />
      </SimpleGrid>
    </Paper>
  );
}
