import { Tooltip } from '@mantine/core';
import type { RefObject } from 'react';

interface InfoTooltipProps {
  text: string;
  target: RefObject<HTMLButtonElement | null>;
}

/** The explanation beside the info button (InfoTip.tsx opens and closes it). */
export function InfoTooltip({ text, target }: InfoTooltipProps) {
  return <Tooltip label={text} target={target} opened multiline w={260} withArrow />;
}
