import { Input, Stack } from '@mantine/core';
import type { PaymentMethod } from '@pet/shared';
import { CardElement, Elements, IbanElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { type Ref, useImperativeHandle, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { outcomeOf, type PaymentHandle } from '../lib/confirmation.ts';
import { paymentFieldTextKey } from '../lib/paymentFields.ts';

// Stripe mode only: this module is loaded lazily, so the sandbox never downloads Stripe's code.

const loaded = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let promise = loaded.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey);
    loaded.set(publishableKey, promise);
  }
  return promise;
}

interface Props {
  method: PaymentMethod;
  handle: Ref<PaymentHandle>;
  publishableKey: string;
  language: string;
}

export default function StripePaymentFields({ publishableKey, language, ...props }: Props) {
  return (
    <Elements stripe={stripeFor(publishableKey)} options={{ locale: language === 'de' ? 'de' : 'en' }}>
      <ElementsFields {...props} />
    </Elements>
  );
}

function ElementsFields({ method, handle }: Omit<Props, 'publishableKey' | 'language'>) {
  const { t } = useTranslation(['billing', 'errors']);
  const stripe = useStripe();
  const elements = useElements();
  const [state, setState] = useState<{ complete: boolean; code: string | null }>({
    complete: false,
    code: null,
  });
  const [shown, setShown] = useState<string | null>(null);

  useImperativeHandle(
    handle,
    (): PaymentHandle => ({
      check() {
        const code = state.complete
          ? null
          : (state.code ?? (method === 'card' ? 'incomplete_number' : 'incomplete_iban'));
        setShown(code);
        return code;
      },
      async confirm(clientSecret, chosen, billing) {
        if (!stripe || !elements) return { kind: 'error', code: 'processing_error', message: '' };
        if (chosen === 'card') {
          const card = elements.getElement(CardElement);
          if (!card) return { kind: 'error', code: 'incomplete_number', message: '' };
          return outcomeOf(
            await stripe.confirmCardPayment(clientSecret, {
              payment_method: { card, billing_details: billing },
            }),
          );
        }
        const iban = elements.getElement(IbanElement);
        if (!iban) return { kind: 'error', code: 'incomplete_iban', message: '' };
        return outcomeOf(
          await stripe.confirmSepaDebitPayment(clientSecret, {
            payment_method: { sepa_debit: iban, billing_details: billing },
          }),
        );
      },
    }),
    [elements, method, state, stripe],
  );

  const onChange = (event: { complete: boolean; error?: { code: string } | undefined }) => {
    setState({ complete: event.complete, code: event.error?.code ?? null });
    setShown(event.error?.code ?? null);
  };
  const error = shown ? t(paymentFieldTextKey(shown)) : undefined;

  return (
    <Stack gap="xs">
      <Input.Wrapper
        label={method === 'card' ? t('billing:payment.card') : t('billing:payment.iban')}
        error={error}
      >
        <div
          style={{
            padding: '10px 12px',
            border: '1px solid var(--mantine-color-default-border)',
            borderRadius: 8,
          }}
        >
          {method === 'card' ? (
            <CardElement options={{ hidePostalCode: true }} onChange={onChange} />
          ) : (
            <IbanElement
              options={{ supportedCountries: ['SEPA'], placeholderCountry: 'DE' }}
              onChange={onChange}
            />
          )}
        </div>
      </Input.Wrapper>
    </Stack>
  );
}
