import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Card, Group, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { PaymentMethod, PaymentsConfig, PayType } from '@pet/shared';
import { euroToCents, formatEuro } from '@pet/shared';
import { paths } from '@pet/shared/paths';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { PageLoader } from '../../../components/Loaders.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useBrand } from '../../../config/brand.tsx';
import { errorTextKey } from '../../../lib/errors.ts';
import { useAppForm } from '../../../lib/forms.ts';
import { isPromoPlan, productOf } from '../../../lib/plan/plan.ts';
import { usePlan } from '../../../lib/plan/usePlan.ts';
import { useMyInfo } from '../../../lib/session/myInfo.ts';
import {
  type CheckoutChoices,
  NO_CHOICES,
  orderableProductsQuery,
  paymentsConfigQuery,
  pricesQuery,
} from '../api/billing.ts';
import { BillingAddressFields } from '../components/BillingAddressFields.tsx';
import {
  type BillingAddressInput,
  type BillingAddressValues,
  billingAddressSchema,
} from '../components/billingAddressSchema.ts';
import { ChallengeModal } from '../components/ChallengeModal.tsx';
import { CheckoutChoicesFields } from '../components/CheckoutChoicesFields.tsx';
import { CheckoutTermsField } from '../components/CheckoutTermsField.tsx';
import { type AppliedCoupon, CouponField } from '../components/CouponField.tsx';
import { PaymentMethodCard } from '../components/PaymentMethodCard.tsx';
import { PriceBreakdown } from '../components/PriceBreakdown.tsx';
import { defaultPayType, disabledReason } from '../lib/planRules.ts';
import { useCheckout } from '../lib/useCheckout.ts';
import { useRefreshWhileInProgress } from '../lib/useRefreshWhileInProgress.ts';

/**
 * /my-account/subscription/checkout?product=<id>, step 2 (spec 2 section 4): the period, the prices, a coupon,
 * card or SEPA, the billing address and the terms. The page shows the choices; Pay hands them to
 * `useCheckout`, which orders, confirms the payment with the provider and opens the successful page.
 */
export function CheckoutPage() {
  const { t } = useTranslation(['billing', 'errors']);
  const [search] = useSearchParams();
  const brand = useBrand();
  const productId = search.get('product');
  const list = useQuery(orderableProductsQuery(brand.partnerId));
  const config = useQuery(paymentsConfigQuery);
  const me = useMyInfo();

  if (!productId) return <Navigate to={paths.subscription} replace />;
  if (list.isPending || config.isPending || me.isPending) return <PageLoader />;
  if (list.isError) return <FormAlert>{t(`errors:${errorTextKey(list.error)}`)}</FormAlert>;
  const product = list.data.products.find((p) => p.plan.id === productId);
  if (!product || !me.data) return <Navigate to={paths.subscription} replace />;
  // A plan step 1 would not offer for sale (free, or the current one) sends the user back there.
  const reason = disabledReason(product, {
    currentId: productOf(me.data)?.id ?? null,
    selectedId: null,
    orderPlaced: null,
  });
  if (reason === 'free' || reason === 'current') return <Navigate to={paths.subscription} replace />;
  return (
    <Checkout
      key={product.plan.id}
      productId={product.plan.id}
      orderPlaced={list.data.orderPlaced}
      provider={config.data ?? { provider: 'sandbox', publishable_key: null }}
    />
  );
}

interface CheckoutProps {
  productId: string;
  orderPlaced: string | null;
  provider: PaymentsConfig;
}

function Checkout({ productId, orderPlaced, provider }: CheckoutProps) {
  const { t } = useTranslation(['billing', 'errors']);
  const brand = useBrand();
  const { product: current, status } = usePlan();
  const me = useMyInfo().data;
  const list = useQuery(orderableProductsQuery(brand.partnerId));
  const product = list.data?.products.find((p) => p.plan.id === productId);
  const [payType, setPayType] = useState<PayType>(() => (product ? defaultPayType(product) : 'monthly'));
  const [coupon, setCoupon] = useState<AppliedCoupon | null>(null);
  const [choices, setChoices] = useState<CheckoutChoices>(NO_CHOICES);
  const [method, setMethod] = useState<PaymentMethod>('card');
  const checkout = useCheckout();
  const prices = useQuery({
    ...pricesQuery(productId, payType, coupon?.id ?? null, choices),
    enabled: Boolean(product),
  });
  // An order in progress (another plan's, e.g. a SEPA debit on its way): once it is paid the plan, the list
  // and these prices are read again, with the credit of the term then paid.
  useRefreshWhileInProgress();
  // The boxes that change the price stay on screen while the prices they changed are asked again.
  const lastPrices = useRef(prices.data);
  if (prices.data) lastPrices.current = prices.data;
  const offer = prices.data ?? lastPrices.current;

  const promo = isPromoPlan(current, status);
  const defaults = useMemo<BillingAddressInput>(
    () => ({
      name: me?.name ?? '',
      email: me?.email ?? '',
      street: me?.address_1 ?? '',
      zipcode: me?.zipcode ?? '',
      city: me?.city ?? '',
      country: me?.country || 'DE',
      phone: me?.phone ?? '',
      terms: false,
    }),
    [me],
  );
  const form = useAppForm<BillingAddressInput, unknown, BillingAddressValues>({
    resolver: zodResolver(billingAddressSchema),
    defaultValues: defaults,
  });

  if (!product || !me) return null;
  const plan = product.plan;
  const monthlyOffered = plan.monthly_price > 0 && product.monthlyPriceId !== null;
  const yearlyOffered = plan.yearly_price > 0 && product.yearlyPriceId !== null;
  const priceId = payType === 'yearly' ? product.yearlyPriceId : product.monthlyPriceId;

  const orderBlocked = orderPlaced !== null && orderPlaced !== (current?.id ?? null);
  const orderedPlan = orderBlocked ? list.data?.products.find((p) => p.plan.id === orderPlaced) : undefined;
  const choose = (patch: Partial<CheckoutChoices>) => setChoices((old) => ({ ...old, ...patch }));
  const yearlyToMonthly = me?.pay_type === 'yearly' && payType === 'monthly' && current !== null;
  const negative = prices.data !== undefined && prices.data.total_cents < 0;
  const payable =
    brand.canPlaceOrders &&
    !orderBlocked &&
    !yearlyToMonthly &&
    !negative &&
    prices.isSuccess &&
    !prices.isFetching &&
    priceId !== null;

  const changePeriod = (value: PayType) => {
    setPayType(value);
    setCoupon(null);
  };

  const onPay = form.handleSubmit((address) =>
    checkout.pay(
      { productId: plan.id, priceId, payType, method, couponId: coupon?.id ?? null, choices },
      address,
    ),
  );

  const total = prices.data?.total_price_discounted;

  return (
    <>
      <PageHeader title={t('billing:checkout.title')} subtitle={t('billing:checkout.subtitle')} />
      <form onSubmit={(e) => void onPay(e)} noValidate>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <Stack gap="lg">
            <Card withBorder padding="lg">
              <Stack gap="md">
                <Group justify="space-between" align="flex-start">
                  <div>
                    <Text size="sm" c="dimmed">
                      {t('billing:checkout.chosenPlan')}
                    </Text>
                    <Title order={3} fz="lg">
                      {plan.name}
                    </Title>
                  </div>
                  <Button component={Link} to={paths.subscription} variant="subtle" size="compact-sm">
                    {t('billing:checkout.changePlan')}
                  </Button>
                </Group>
                {monthlyOffered && yearlyOffered ? (
                  <SegmentedControl
                    aria-label={t('billing:checkout.period')}
                    value={payType}
                    onChange={(v) => changePeriod(v as PayType)}
                    data={[
                      {
                        value: 'monthly',
                        label: `${t('billing:checkout.monthly')} · ${formatEuro(euroToCents(plan.monthly_price))}`,
                      },
                      {
                        value: 'yearly',
                        label: `${t('billing:checkout.yearly')} · ${formatEuro(euroToCents(plan.yearly_price))}`,
                      },
                    ]}
                  />
                ) : (
                  <Text size="sm">
                    {payType === 'yearly' ? t('billing:checkout.yearly') : t('billing:checkout.monthly')}
                  </Text>
                )}
                {prices.data?.trial_months ? (
                  <Alert variant="light">
                    {t('billing:checkout.trial', { count: prices.data.trial_months })}
                  </Alert>
                ) : null}
                {orderedPlan ? (
                  <Alert variant="light" data-testid="order-in-progress">
                    {t('billing:checkout.orderInProgress', { plan: orderedPlan.plan.name })}
                  </Alert>
                ) : null}
                <CheckoutChoicesFields
                  offer={offer}
                  trackerPrice={product.trackerPrice}
                  trackerIds={me.tracker_ids}
                  choices={choices}
                  onChoose={choose}
                />
                <PriceBreakdown prices={prices.data} loading={prices.isFetching} hideProration={promo} />
                {prices.isError ? <FormAlert>{t(`errors:${errorTextKey(prices.error)}`)}</FormAlert> : null}
                {brand.couponField ? (
                  <CouponField
                    email={me.email}
                    payType={payType}
                    productId={plan.id}
                    applied={coupon}
                    onApplied={setCoupon}
                  />
                ) : null}
              </Stack>
            </Card>

            <PaymentMethodCard
              method={method}
              onMethodChange={(value) => {
                setMethod(value);
                checkout.clearPayError();
              }}
              provider={provider}
              handle={checkout.handle}
            />
          </Stack>

          <Stack gap="lg">
            <BillingAddressFields form={form} />

            <Stack gap="sm">
              <CheckoutTermsField form={form} />
              {!brand.canPlaceOrders ? (
                <FormAlert>{t('errors:Primepet_Cant_Place_Order', { brand: brand.displayName })}</FormAlert>
              ) : null}
              {yearlyToMonthly ? (
                <FormAlert>{t('errors:Yearly_To_Monthly_Not_Allowed_Text')}</FormAlert>
              ) : null}
              {negative ? <FormAlert>{t('errors:Upgrade_Not_Possible_Now_Text')}</FormAlert> : null}
              {checkout.payError ? <FormAlert>{checkout.payError}</FormAlert> : null}
              {negative ? null : (
                <Button
                  type="submit"
                  size="md"
                  loading={checkout.processing}
                  disabled={!payable || checkout.processing}
                >
                  {orderBlocked
                    ? t('billing:checkout.orderPlaced')
                    : total !== undefined
                      ? t('billing:checkout.payAmount', { amount: formatEuro(euroToCents(total)) })
                      : t('billing:checkout.pay')}
                </Button>
              )}
            </Stack>
          </Stack>
        </SimpleGrid>
      </form>
      <ChallengeModal
        opened={checkout.challenge.opened}
        busy={checkout.challenge.busy}
        onAnswer={(r) => void checkout.challenge.answer(r)}
      />
    </>
  );
}
