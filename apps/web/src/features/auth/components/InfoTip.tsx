import { ActionIcon, VisuallyHidden } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { lazy, Suspense, useId, useRef, useState } from 'react';

// The tooltip's code (the positioning library with it) comes the first time someone asks for it: the
// registration form shows these buttons on its first screen, which should not wait for it (issue 16).
const InfoTooltip = lazy(() => import('./InfoTooltip.tsx').then((m) => ({ default: m.InfoTooltip })));

interface InfoTipProps {
  /** The button's accessible name ("What is the activation code?"). */
  label: string;
  /** The explanation it shows. */
  text: string;
}

/**
 * An info button beside a field with its explanation as a tooltip: shown on hover, keyboard focus and tap,
 * hidden on leave, blur and Escape. The button stays the same element throughout, so focus never jumps, and
 * names the explanation as its description for screen readers.
 */
export function InfoTip({ label, text }: InfoTipProps) {
  const [opened, setOpened] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const descriptionId = useId();
  const open = () => setOpened(true);
  const close = () => setOpened(false);

  return (
    <>
      <ActionIcon
        ref={button}
        variant="subtle"
        color="gray"
        size="sm"
        aria-label={label}
        aria-describedby={descriptionId}
        onMouseEnter={open}
        onMouseLeave={close}
        onFocus={open}
        onBlur={close}
        onClick={open}
        onKeyDown={(event) => {
          if (event.key === 'Escape') close();
        }}
      >
        <IconInfoCircle size={18} />
      </ActionIcon>
      {/* The explanation for screen readers, always there; the tooltip shows the same text to the eye. */}
      <VisuallyHidden id={descriptionId}>{text}</VisuallyHidden>
      {opened ? (
        <Suspense fallback={null}>
          <InfoTooltip text={text} target={button} />
        </Suspense>
      ) : null}
    </>
  );
}
