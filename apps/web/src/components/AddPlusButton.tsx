import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useAfterFirstPaint } from '../lib/drawWhen.ts';

interface AddPlusButtonProps {
  label: string;
  to: string;
  /** Not allowed by the plan, or still deciding: a disabled button, not a link. */
  disabled: boolean;
  /** The empty state's labelled button instead of the banner's round plus. */
  variant?: 'plus' | 'labelled';
}

/** The plus of a list page (medical data, documents): goes to the list's add page. */
export function AddPlusButton({ label, to, disabled, variant = 'plus' }: AddPlusButtonProps) {
  // The tooltip's portal mounts itself as it is committed: not in the page's first commit.
  const withTooltip = useAfterFirstPaint();
  if (variant === 'labelled') {
    const icon = <IconPlus size={18} stroke={1.8} />;
    return disabled ? (
      <Button leftSection={icon} disabled>
        {label}
      </Button>
    ) : (
      <Button component={Link} to={to} leftSection={icon}>
        {label}
      </Button>
    );
  }
  const icon = <IconPlus size={22} stroke={1.8} />;
  if (disabled) {
    return (
      <ActionIcon size={44} radius="xl" aria-label={label} disabled>
        {icon}
      </ActionIcon>
    );
  }
  const link = (
    <ActionIcon component={Link} to={to} size={44} radius="xl" aria-label={label}>
      {icon}
    </ActionIcon>
  );
  return withTooltip ? <Tooltip label={label}>{link}</Tooltip> : link;
}
