import { Badge, Button, Card, Group, Pagination, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Order } from '@pet/shared';
import { IconFileDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { PageLoader } from '../../../components/Loaders.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { errorTextKey } from '../../../lib/errors.ts';
import { fetchInvoicePdf, myOrdersQuery } from '../api/billing.ts';
import { useRefreshWhileInProgress, whileInProgress } from '../lib/useRefreshWhileInProgress.ts';

const STATUS_COLOR = { progress: 'yellow', paid: 'teal', failed: 'red' } as const;

function statusOf(order: Order): keyof typeof STATUS_COLOR {
  if (order.status === 'paid') return 'paid';
  if (order.status === 'failed' || order.status === 'canceled') return 'failed';
  return 'progress';
}

/** /my-account/bills: the user's orders, newest first, twenty a page, with their invoices. */
export function BillsPage() {
  const { t } = useTranslation(['billing', 'errors']);
  const [page, setPage] = useState(1);
  const since = useRef<number | null>(null);
  // An order in progress is asked for again (with backoff) until it is paid or failed; the plan with it.
  const orders = useQuery({
    ...myOrdersQuery(page),
    refetchInterval: whileInProgress(
      (data) => Boolean(data?.data.some((order) => statusOf(order) === 'progress')),
      since,
    ),
  });
  useRefreshWhileInProgress();
  const pages = orders.data ? Math.max(1, Math.ceil(orders.data.total / orders.data.page_size)) : 1;

  return (
    <>
      <PageHeader title={t('bills.title')} subtitle={t('bills.subtitle')} />
      {orders.isPending ? <PageLoader /> : null}
      {orders.isError ? <FormAlert>{t(`errors:${errorTextKey(orders.error)}`)}</FormAlert> : null}
      {orders.data && orders.data.data.length === 0 ? (
        <Text c="dimmed">{t('errors:No_Orders_Text')}</Text>
      ) : null}
      {orders.data && orders.data.data.length > 0 ? (
        <Stack gap="md">
          <Stack
            gap="sm"
            component="ul"
            aria-label={t('bills.listLabel')}
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
          >
            {orders.data.data.map((order) => (
              <OrderRow key={order.id} order={order} />
            ))}
          </Stack>
          {pages > 1 ? (
            <Pagination
              total={pages}
              value={page}
              onChange={setPage}
              getControlProps={(control) => ({ 'aria-label': t(`bills.pagination.${control}`) })}
            />
          ) : null}
        </Stack>
      ) : null}
    </>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {value}
      </Text>
    </div>
  );
}

function OrderRow({ order }: { order: Order }) {
  const { t } = useTranslation(['billing', 'errors']);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const status = statusOf(order);

  const openInvoice = async () => {
    setFailed(false);
    setBusy(true);
    // Opened during the click, so pop-up blockers let it through; it gets the PDF once it has arrived.
    const tab = window.open('', '_blank');
    try {
      const blob = await fetchInvoicePdf(order.id);
      const url = URL.createObjectURL(blob);
      if (tab) tab.location.href = url;
      else window.location.assign(url);
      window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch {
      tab?.close();
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card
      component="li"
      withBorder
      padding="md"
      aria-label={t('bills.order', { number: order.order_number })}
    >
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={700}>{order.product_name}</Text>
          <Badge color={STATUS_COLOR[status]} variant="light">
            {t(`bills.status.${status}`)}
          </Badge>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="sm">
          <Fact label={t('bills.number')} value={order.order_number} />
          <Fact label={t('bills.date')} value={order.order_date} />
          <Fact label={t('bills.amount')} value={order.paid_amount_eur_formatted} />
          <Fact
            label={t('bills.paymentType')}
            value={order.payment_method_label ?? t(`bills.paymentTypes.${order.payment_type}`)}
          />
          <Fact label={t('bills.orderType')} value={t(`bills.orderTypes.${order.order_type}`)} />
          {order.activation_code ? (
            <Fact label={t('bills.activationCode')} value={order.activation_code} />
          ) : null}
          {order.optional_service ? (
            <Fact
              label={t('bills.optionalService')}
              value={`${order.optional_service.name} · ${order.optional_service.amount_eur_formatted}`}
            />
          ) : null}
        </SimpleGrid>
        {order.invoice_url ? (
          <Group>
            <Button
              variant="light"
              size="compact-sm"
              leftSection={<IconFileDownload size={16} />}
              loading={busy}
              onClick={() => void openInvoice()}
            >
              {t('bills.invoice')}
            </Button>
          </Group>
        ) : null}
        {failed ? <FormAlert>{t('errors:Order_Pdf_Failed')}</FormAlert> : null}
      </Stack>
    </Card>
  );
}
