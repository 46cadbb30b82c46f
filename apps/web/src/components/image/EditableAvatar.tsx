import { Avatar, Box, Stack, Text, ThemeIcon, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { ErrorTextKey } from '@pet/shared/errors';
import { IconCamera } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ImagePicker } from './ImagePicker.tsx';
import { UploadProgress } from './UploadProgress.tsx';

interface EditableAvatarProps {
  src: string | null | undefined;
  /** Describes the picture (its owner's name). */
  alt: string;
  /** Shown without a picture (a species icon). */
  placeholder?: ReactNode;
  /** Without a picture or placeholder, the initials of this name are shown. */
  name?: string;
  /** The placeholder's colour (Mantine colour name); initials pick their own. */
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
            title={props.pickLabel}
            pos="relative"
            style={{ borderRadius: '50%', flex: 'none' }}
          >
            <Avatar
              src={props.src ?? undefined}
              alt={props.alt}
              size={size}
              radius={999}
              name={props.placeholder ? undefined : props.name}
              color={props.placeholder ? props.color : 'initials'}
              variant="light"
              aria-hidden
            >
              {props.placeholder}
            </Avatar>
            {/* Named by this text, not an aria-label: the initials it shows would not be in an aria-label
                (WCAG 2.5.3 label in name), and the picture is what the button changes, not its name. */}
            <VisuallyHidden>{props.pickLabel}</VisuallyHidden>
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
