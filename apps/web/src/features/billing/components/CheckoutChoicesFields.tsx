import { Alert, Checkbox, Stack } from '@mantine/core';
import type { PricesResponse } from '@pet/shared';
import { euroToCents, formatEuro } from '@pet/shared';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n/index.ts';
import type { CheckoutChoices } from '../api/billingKeys.ts';

interface CheckoutChoicesFieldsProps {
  /** The last price quote: whether a tracker is registered and which optional service the brand offers. */
  offer: PricesResponse | undefined;
  /** The plan's one-time GPS tracker price (0: the plan sells none). */
  trackerPrice: number;
  trackerIds: string[];
  choices: CheckoutChoices;
  onChoose: (patch: Partial<CheckoutChoices>) => void;
}

/**
 * The checkout's boxes that change the price: another GPS tracker for a user who registered one (no device is
 * charged otherwise), and the brand's optional service.
 */
export function CheckoutChoicesFields({
  offer,
  trackerPrice,
  trackerIds,
  choices,
  onChoose,
}: CheckoutChoicesFieldsProps) {
  const { t, i18n } = useTranslation('billing');
  return (
    <>
      {offer?.tracker_registered && trackerPrice > 0 ? (
        <Stack gap={6}>
          <Alert variant="light" data-testid="tracker-registered">
            {t('checkout.trackerRegistered', { trackers: trackerIds.join(', ') })}
          </Alert>
          <Checkbox
            checked={choices.anotherTracker}
            onChange={(e) => onChoose({ anotherTracker: e.currentTarget.checked })}
            label={t('checkout.anotherTracker', { price: formatEuro(euroToCents(trackerPrice)) })}
          />
        </Stack>
      ) : null}
      {offer?.optional_service ? (
        <Checkbox
          checked={choices.optionalService}
          onChange={(e) => onChoose({ optionalService: e.currentTarget.checked })}
          label={t('checkout.optionalServiceLabel', {
            name: offer.optional_service.name[currentLanguage(i18n)],
            price: formatEuro(euroToCents(offer.optional_service.price)),
          })}
          description={offer.optional_service.text[currentLanguage(i18n)]}
        />
      ) : null}
    </>
  );
}
