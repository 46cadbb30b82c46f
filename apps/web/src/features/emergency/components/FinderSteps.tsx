import { Anchor, List } from '@mantine/core';
import { paths } from '@pet/shared/paths';
import { IconHelpCircle } from '@tabler/icons-react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBrandTextContext } from '../../../config/brand.tsx';
import { SectionCard } from './SectionCard.tsx';

/** How a finder gets the file: scan the tag (or open /notfall), enter the password, download. */
export function FinderSteps() {
  const { t } = useTranslation('emergency');
  const textContext = useBrandTextContext();
  const url = `${window.location.host}${paths.notfall}`;
  return (
    <SectionCard icon={<IconHelpCircle size={20} stroke={1.6} />} title={t('finder.title')}>
      <List type="ordered" size="sm" spacing="xs">
        <List.Item>
          <Trans
            t={t}
            i18nKey="finder.scan"
            values={{ url }}
            components={{ anchor: <Anchor component={Link} to={paths.notfall} inherit fw={600} /> }}
          />
        </List.Item>
        <List.Item>{t('finder.enter')}</List.Item>
        <List.Item>{t('finder.get', textContext)}</List.Item>
      </List>
    </SectionCard>
  );
}
