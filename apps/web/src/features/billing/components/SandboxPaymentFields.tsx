import { Alert, Group, List, Stack, Text, TextInput } from '@mantine/core';
import type { PaymentMethod } from '@pet/shared';
import { ibanErrorCode, normaliseIban } from '@pet/shared/payment-instruments';
import { IconFlask } from '@tabler/icons-react';
import { type Ref, useImperativeHandle, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSandboxConfirm } from '../api/useOrderMutations.ts';
import { outcomeOf, type PaymentHandle } from '../lib/confirmation.ts';
import {
  cardDetailsOf,
  cardFieldsErrorCode,
  formatExpiry,
  groupCardNumber,
  paymentFieldTextKey,
} from '../lib/paymentFields.ts';

type FieldName = 'number' | 'expiry' | 'cvc' | 'iban';

const FIELD_OF: Record<string, FieldName> = {
  incomplete_number: 'number',
  invalid_number: 'number',
  incomplete_expiry: 'expiry',
  invalid_expiry_year_past: 'expiry',
  incomplete_cvc: 'cvc',
};

/** The sandbox's card and IBAN fields (no real card): checked like Stripe Elements, confirmed with the API. */
export function SandboxPaymentFields({
  method,
  handle,
}: {
  method: PaymentMethod;
  handle: Ref<PaymentHandle>;
}) {
  const { t } = useTranslation(['billing', 'errors']);
  const [card, setCard] = useState({ number: '', expiry: '', cvc: '' });
  const [iban, setIban] = useState('');
  const [problem, setProblem] = useState<{ field: FieldName; code: string } | null>(null);
  const { mutateAsync: sandboxConfirm } = useSandboxConfirm();

  const codeText = (code: string) => t(paymentFieldTextKey(code));
  const errorOf = (field: FieldName) => (problem?.field === field ? codeText(problem.code) : undefined);

  useImperativeHandle(
    handle,
    (): PaymentHandle => ({
      check() {
        const code = method === 'card' ? cardFieldsErrorCode(card) : ibanErrorCode(iban);
        setProblem(code ? { field: method === 'card' ? (FIELD_OF[code] ?? 'number') : 'iban', code } : null);
        return code;
      },
      async confirm(clientSecret, chosen, billing) {
        const answer = await sandboxConfirm({
          client_secret: clientSecret,
          payment_method:
            chosen === 'card'
              ? {
                  type: 'card',
                  card: cardDetailsOf(card),
                  billing_details: billing,
                }
              : {
                  type: 'sepa_debit',
                  sepa_debit: { iban: normaliseIban(iban) },
                  billing_details: billing,
                },
        });
        return outcomeOf(answer);
      },
    }),
    [card, iban, method, sandboxConfirm],
  );

  const clear = (field: FieldName) => {
    if (problem?.field === field) setProblem(null);
  };

  return (
    <Stack gap="sm">
      <Alert color="yellow" variant="light" icon={<IconFlask size={18} />} title={t('billing:sandbox.title')}>
        <Text size="sm">{t('billing:sandbox.text')}</Text>
        <List size="sm" mt={4}>
          {method === 'card' ? (
            <>
              <List.Item>4242 4242 4242 4242: {t('billing:sandbox.cardSuccess')}</List.Item>
              <List.Item>4000 0025 0000 3155: {t('billing:sandbox.card3ds')}</List.Item>
              <List.Item>4000 0000 0000 9995: {t('billing:sandbox.cardDeclined')}</List.Item>
            </>
          ) : (
            <>
              <List.Item>DE89 3704 0044 0532 0130 00: {t('billing:sandbox.ibanSuccess')}</List.Item>
              <List.Item>DE62 3704 0044 0532 0130 01: {t('billing:sandbox.ibanFails')}</List.Item>
            </>
          )}
        </List>
      </Alert>
      {method === 'card' ? (
        <Stack gap="sm">
          <TextInput
            label={t('billing:payment.cardNumber')}
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            value={card.number}
            error={errorOf('number')}
            onChange={(e) => {
              setCard({ ...card, number: groupCardNumber(e.currentTarget.value) });
              clear('number');
            }}
          />
          <Group grow align="flex-start">
            <TextInput
              label={t('billing:payment.expiry')}
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder={t('billing:payment.expiryPlaceholder')}
              value={card.expiry}
              error={errorOf('expiry')}
              onChange={(e) => {
                setCard({ ...card, expiry: formatExpiry(e.currentTarget.value) });
                clear('expiry');
              }}
            />
            <TextInput
              label={t('billing:payment.cvc')}
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="CVC"
              value={card.cvc}
              error={errorOf('cvc')}
              onChange={(e) => {
                setCard({ ...card, cvc: e.currentTarget.value.replace(/\D/g, '').slice(0, 4) });
                clear('cvc');
              }}
            />
          </Group>
        </Stack>
      ) : (
        <TextInput
          label={t('billing:payment.iban')}
          placeholder="DE00 0000 0000 0000 0000 00"
          value={iban}
          error={errorOf('iban')}
          onChange={(e) => {
            setIban(e.currentTarget.value.toUpperCase());
            clear('iban');
          }}
        />
      )}
    </Stack>
  );
}
