import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
  Group,
  Radio,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { PaymentMethod, PaymentsConfig, PayType } from '@pet/shared';
import { euroToCents, formatEuro } from '@pet/shared';
import { textKeyForPaymentCode } from '@pet/shared/errors';
import { paths } from '@pet/shared/paths';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { Controller } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { PageLoader } from '../../../components/Loaders.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useBrand } from '../../../config/brand.tsx';
import { errorTextKey, useErrorText } from '../../../lib/errors.ts';
import { useAppForm } from '../../../lib/forms.ts';
import { currentLanguage } from '../../../lib/i18n/index.ts';
import { isPromoPlan, productOf } from '../../../lib/plan/plan.ts';
import { productListKeys } from '../../../lib/plan/productList.ts';
import { usePlan } from '../../../lib/plan/usePlan.ts';
import { myInfoQueryKey, useMyInfo } from '../../../lib/session/myInfo.ts';
import {
  type CheckoutChoices,
  NO_CHOICES,
  orderableProductsQuery,
  paymentsConfigQuery,
  pricesQuery,
} from '../api/billing.ts';
import { billingKeys } from '../api/billingKeys.ts';
import { useDeleteOrder } from '../api/useDeleteOrder.ts';
import { useRequestOrder } from '../api/useRequestOrder.ts';
import { useSandboxChallenge } from '../api/useSandboxChallenge.ts';
import { BillingAddressFields } from '../components/BillingAddressFields.tsx';
import {
  type BillingAddressInput,
  type BillingAddressValues,
  billingAddressSchema,
} from '../components/billingAddressSchema.ts';
import { ChallengeModal } from '../components/ChallengeModal.tsx';
import { type AppliedCoupon, CouponField } from '../components/CouponField.tsx';
import { PriceBreakdown } from '../components/PriceBreakdown.tsx';
import { SandboxPaymentFields } from '../components/SandboxPaymentFields.tsx';
import {
  type BillingDetails,
  type ConfirmOutcome,
  outcomeOf,
  type PaymentHandle,
} from '../lib/confirmation.ts';
import { defaultPayType, disabledReason } from '../lib/planRules.ts';
import { useRefreshWhileInProgress } from '../lib/useRefreshWhileInProgress.ts';

// Stripe's code only for stripe mode: the sandbox never downloads it.
const StripePaymentFields = lazy(() => import('../components/StripePaymentFields.tsx'));

/**
 * /my-account/subscription/checkout?product=<id>, step 2 (spec 2 section 4): the period, the prices, a coupon,
 * card or SEPA, the billing address and the terms; Pay requests the order, then confirms the payment with the
 * provider and opens the successful page. A payment the provider refuses deletes the order again.
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

/** change/request answered without an order (an empty answer): the spec's "order not placed". */
class OrderNotPlaced extends Error {}

interface CheckoutProps {
  productId: string;
  orderPlaced: string | null;
  provider: PaymentsConfig;
}

function Checkout({ productId, orderPlaced, provider }: CheckoutProps) {
  const { t, i18n } = useTranslation(['billing', 'errors']);
  const brand = useBrand();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const fieldError = useErrorText();
  const { product: current, status } = usePlan();
  const me = useMyInfo().data;
  const list = useQuery(orderableProductsQuery(brand.partnerId));
  const product = list.data?.products.find((p) => p.plan.id === productId);
  const [payType, setPayType] = useState<PayType>(() => (product ? defaultPayType(product) : 'monthly'));
  const [coupon, setCoupon] = useState<AppliedCoupon | null>(null);
  const [choices, setChoices] = useState<CheckoutChoices>(NO_CHOICES);
  const [method, setMethod] = useState<PaymentMethod>('card');
  const [processing, setProcessing] = useState(false);
  const [payError, setPayError] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<{ orderId: string; secret: string } | null>(null);
  const [challengeBusy, setChallengeBusy] = useState(false);
  const handle = useRef<PaymentHandle>(null);
  const requestOrder = useRequestOrder();
  const deleteOrder = useDeleteOrder();
  const sandboxChallenge = useSandboxChallenge();
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

  const finish = async (orderId: string, outcome: Exclude<ConfirmOutcome, { kind: 'challenge' }>) => {
    if (outcome.kind === 'error') {
      await deleteOrder.mutateAsync(orderId).catch(() => undefined);
      const key = outcome.code ? textKeyForPaymentCode(outcome.code) : null;
      setPayError(key ? t(`errors:${key}`) : outcome.message || t('errors:Something_Went_Wrong'));
      setProcessing(false);
      return;
    }
    // Stale, but not fetched again here: while the successful page's code is still loading this page stays
    // mounted, and its price quote asked again would name a coupon the payment event has just redeemed (476).
    // The pages that show them next read them anew.
    void queryClient.invalidateQueries({ queryKey: billingKeys.all, refetchType: 'none' });
    void queryClient.invalidateQueries({ queryKey: productListKeys.all, refetchType: 'none' });
    // The user's plan is read again by the successful page once the order is paid, not here: while that page's
    // code is still loading this page stays mounted, and a plan already activated by the payment event would
    // be "current" here and send the user back to step 1.
    // Marked stale all the same (not fetched): whichever page shows the plan next reads it anew.
    void queryClient.invalidateQueries({ queryKey: myInfoQueryKey, refetchType: 'none' });
    navigate(`${paths.subscriptionSuccessful}?order=${encodeURIComponent(orderId)}&method=${method}`);
  };

  const onPay = form.handleSubmit(async (values) => {
    setPayError(null);
    if (!priceId || handle.current === null) return;
    if (handle.current.check() !== null) return;
    setProcessing(true);
    let order: Awaited<ReturnType<typeof requestOrder.mutateAsync>>;
    try {
      order = await requestOrder.mutateAsync({
        price_id: priceId,
        product_id: plan.id,
        pay_type: payType,
        payment_method: method,
        name: values.name,
        email: values.email,
        city: values.city,
        country: values.country ?? 'DE',
        phone: values.phone,
        street: values.street,
        zipcode: values.zipcode,
        address: values.street,
        terms_accepted: values.terms,
        coupon_id: coupon?.id ?? null,
        optional_service: choices.optionalService,
        another_tracker: choices.anotherTracker,
      });
      if (!order?.secret || !order.order_id) throw new OrderNotPlaced();
    } catch (error) {
      setPayError(t(`errors:${error instanceof OrderNotPlaced ? 'Order_Not_Placed' : errorTextKey(error)}`));
      setProcessing(false);
      return;
    }
    const billing: BillingDetails = {
      name: values.name,
      email: values.email,
      address: {
        line1: values.street,
        city: values.city,
        postal_code: values.zipcode,
        country: values.country ?? 'DE',
      },
    };
    let outcome: ConfirmOutcome;
    try {
      outcome = await handle.current.confirm(order.secret, method, billing);
    } catch {
      outcome = { kind: 'error', code: 'processing_error', message: '' };
    }
    if (outcome.kind === 'challenge') {
      setChallenge({ orderId: order.order_id, secret: order.secret });
      return;
    }
    await finish(order.order_id, outcome);
  });

  const answerChallenge = async (result: 'authenticate' | 'fail') => {
    if (!challenge) return;
    setChallengeBusy(true);
    let outcome: ConfirmOutcome;
    try {
      outcome = outcomeOf(await sandboxChallenge.mutateAsync({ clientSecret: challenge.secret, result }));
    } catch {
      outcome = { kind: 'error', code: 'authentication_failed', message: '' };
    }
    const orderId = challenge.orderId;
    setChallenge(null);
    setChallengeBusy(false);
    await finish(
      orderId,
      outcome.kind === 'challenge' ? { kind: 'error', code: 'authentication_failed', message: '' } : outcome,
    );
  };

  const { errors } = form.formState;
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
                {offer?.tracker_registered && product.trackerPrice > 0 ? (
                  <Stack gap={6}>
                    <Alert variant="light" data-testid="tracker-registered">
                      {t('billing:checkout.trackerRegistered', { trackers: me.tracker_ids.join(', ') })}
                    </Alert>
                    <Checkbox
                      checked={choices.anotherTracker}
                      onChange={(e) => choose({ anotherTracker: e.currentTarget.checked })}
                      label={t('billing:checkout.anotherTracker', {
                        price: formatEuro(euroToCents(product.trackerPrice)),
                      })}
                    />
                  </Stack>
                ) : null}
                {offer?.optional_service ? (
                  <Checkbox
                    checked={choices.optionalService}
                    onChange={(e) => choose({ optionalService: e.currentTarget.checked })}
                    label={t('billing:checkout.optionalServiceLabel', {
                      name: offer.optional_service.name[currentLanguage(i18n)],
                      price: formatEuro(euroToCents(offer.optional_service.price)),
                    })}
                    description={offer.optional_service.text[currentLanguage(i18n)]}
                  />
                ) : null}
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

            <Card withBorder padding="lg">
              <Stack gap="md">
                <Title order={3} fz="md">
                  {t('billing:payment.title')}
                </Title>
                <Radio.Group
                  value={method}
                  onChange={(v) => {
                    setMethod(v as PaymentMethod);
                    setPayError(null);
                  }}
                  label={t('billing:payment.method')}
                >
                  <Group mt={6}>
                    <Radio value="card" label={t('billing:payment.card')} />
                    <Radio value="sepa" label={t('billing:payment.sepa')} />
                  </Group>
                </Radio.Group>
                {provider.provider === 'stripe' && provider.publishable_key ? (
                  <Suspense fallback={<PageLoader />}>
                    <StripePaymentFields
                      method={method}
                      handle={handle}
                      publishableKey={provider.publishable_key}
                      language={currentLanguage(i18n)}
                    />
                  </Suspense>
                ) : (
                  <SandboxPaymentFields method={method} handle={handle} />
                )}
                {method === 'sepa' ? (
                  <Text size="xs" c="dimmed">
                    {t('billing:payment.mandate', { brand: brand.displayName })}
                  </Text>
                ) : null}
              </Stack>
            </Card>
          </Stack>

          <Stack gap="lg">
            <BillingAddressFields form={form} />

            <Stack gap="sm">
              <Controller
                control={form.control}
                name="terms"
                render={({ field }) => (
                  <Checkbox
                    name={field.name}
                    checked={field.value === true}
                    onChange={(e) => field.onChange(e.currentTarget.checked)}
                    onBlur={field.onBlur}
                    error={fieldError(errors.terms?.message)}
                    label={
                      <Trans
                        t={t}
                        i18nKey="billing:checkout.terms"
                        components={{
                          terms: <Anchor href={brand.links.terms} target="_blank" rel="noopener" inherit />,
                        }}
                      />
                    }
                  />
                )}
              />
              {!brand.canPlaceOrders ? (
                <FormAlert>{t('errors:Primepet_Cant_Place_Order', { brand: brand.displayName })}</FormAlert>
              ) : null}
              {yearlyToMonthly ? (
                <FormAlert>{t('errors:Yearly_To_Monthly_Not_Allowed_Text')}</FormAlert>
              ) : null}
              {negative ? <FormAlert>{t('errors:Upgrade_Not_Possible_Now_Text')}</FormAlert> : null}
              {payError ? <FormAlert>{payError}</FormAlert> : null}
              {negative ? null : (
                <Button type="submit" size="md" loading={processing} disabled={!payable || processing}>
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
        opened={challenge !== null}
        busy={challengeBusy}
        onAnswer={(r) => void answerChallenge(r)}
      />
    </>
  );
}
