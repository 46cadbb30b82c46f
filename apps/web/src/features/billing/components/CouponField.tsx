import { Anchor, Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { PayType } from '@pet/shared';
import type { ErrorTextKey } from '@pet/shared/errors';
import { showsSupportMailLink, textKeyFor476 } from '@pet/shared/text-key-for-error';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../../../config/brand.tsx';
import { ApiError } from '../../../lib/api/ApiError.ts';
import { errorTextKey } from '../../../lib/errors.ts';
import { useCheckCoupon } from '../api/useOrderMutations.ts';

export interface AppliedCoupon {
  id: string;
  code: string;
}

interface CouponFieldProps {
  email: string;
  payType: PayType;
  productId: string;
  applied: AppliedCoupon | null;
  onApplied: (coupon: AppliedCoupon | null) => void;
}

/** The coupon code, sent upper case to POST /v1/coupon/isvalid; an unusable one shows the spec's text. */
export function CouponField({ email, payType, productId, applied, onApplied }: CouponFieldProps) {
  const { t } = useTranslation(['billing', 'errors']);
  const brand = useBrand();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<{ key: ErrorTextKey; mail: boolean } | null>(null);
  const check = useCheckCoupon();

  const apply = async () => {
    setProblem(null);
    try {
      const answer = await check.mutateAsync({ code, email, payType, productId });
      // An empty answer (204) names no coupon: the spec's Invalid_Code.
      const first = answer?.codes?.[0];
      if (!first) {
        setProblem({ key: 'Invalid_Code', mail: false });
        return;
      }
      if (first.isvalid && first.coupon_id)
        onApplied({ id: first.coupon_id, code: code.trim().toUpperCase() });
      else setProblem({ key: textKeyFor476(first.message ?? '', 'coupon'), mail: false });
    } catch (error) {
      if (error instanceof ApiError && error.status === 476) {
        setProblem({
          key: textKeyFor476(error.message, 'coupon'),
          mail: showsSupportMailLink(error.status, error.message),
        });
      } else {
        setProblem({ key: errorTextKey(error, 'coupon'), mail: false });
      }
    }
  };

  if (applied) {
    return (
      <Group gap="sm">
        <Text size="sm">{t('billing:coupon.applied')}</Text>
        <Badge variant="light">{applied.code}</Badge>
        <Button variant="subtle" size="compact-sm" onClick={() => onApplied(null)}>
          {t('billing:coupon.remove')}
        </Button>
      </Group>
    );
  }

  return (
    <Stack gap={4}>
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          label={t('billing:coupon.label')}
          value={code}
          onChange={(e) => {
            setCode(e.currentTarget.value.toUpperCase());
            setProblem(null);
          }}
          error={problem ? true : undefined}
        />
        <Button
          variant="light"
          onClick={() => void apply()}
          loading={check.isPending}
          disabled={!code.trim()}
        >
          {t('billing:coupon.apply')}
        </Button>
      </Group>
      {problem ? (
        <Text size="sm" c="red" role="alert">
          {t(`errors:${problem.key}`)}
          {problem.mail ? (
            <>
              {' '}
              <Anchor href={`mailto:${brand.links.supportEmail}`} inherit>
                {brand.links.supportEmail}
              </Anchor>
            </>
          ) : null}
        </Text>
      ) : null}
    </Stack>
  );
}
