import { Avatar, Box, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import type { ErrorTextKey } from '@pet/shared/errors';
import { IconCamera } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ImagePicker } from './ImagePicker.tsx';
import { UploadProgress } from './UploadProgress.tsx';

interface EditableAvatarProps {
  src: string | null | undefined;
  /** Describes the picture (its owner's name). */
  alt: string;
  /**
   * Shown without a picture (a species icon); without one, Mantine's person icon. Not initials: text in the
   * button that its name ("Add a picture") does not contain fails WCAG 2.5.3 (label in name).
   */
  placeholder?: ReactNode;
  /** The placeholder's colour (Mantine colour name). */
  color?: string;
  /** The button's accessible name ("Change picture"). */
  pickLabel: string;
  size?: number;
  /** Upload progress 0..100, or null. */
  progress?: number | null;
  /** A translated message under the picture (a refused file, a failed upload). */
  error?: string | null;
  disabled?: boolean;
  onCropped: (jpeg: Blob) => void;
  onRefused: (reason: ErrorTextKey) => void;
}

/** A round picture with a camera badge: clicking it picks, crops and hands over a new picture. */
export function EditableAvatar(props: EditableAvatarProps) {
  const size = props.size ?? 96;
  const badge = Math.max(26, Math.round(size / 3.2));
  const busy = props.disabled || (props.progress ?? null) !== null;
  return (
    <Stack gap={6} align="center">
      <ImagePicker onCropped={props.onCropped} onRefused={props.onRefused} disabled={busy}>
        {({ onClick }) => (
          <UnstyledButton
            onClick={onClick}
            disabled={busy}
            aria-label={props.pickLabel}
            title={props.pickLabel}
            pos="relative"
            style={{ borderRadius: '50%', flex: 'none' }}
          >
            <Avatar
              src={props.src ?? undefined}
              alt={props.alt}
              size={size}
              radius={999}
              color={props.color}
              variant="light"
            >
              {props.placeholder}
            </Avatar>
            <Box pos="absolute" right={0} bottom={0}>
              <ThemeIcon size={badge} radius="xl" style={{ border: '2px solid var(--mantine-color-body)' }}>
                <IconCamera size={Math.round(badge * 0.55)} stroke={1.8} />
              </ThemeIcon>
            </Box>
          </UnstyledButton>
        )}
      </ImagePicker>
      <UploadProgress value={props.progress ?? null} w={Math.max(size, 150)} />
      {props.error ? (
        <Text size="sm" c="red" role="alert" ta="center" maw={240}>
          {props.error}
        </Text>
      ) : null}
    </Stack>
  );
}
