import { Box, Button, Group, Modal, Slider, Stack, Text } from '@mantine/core';
import { IconCrop, IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import { useState } from 'react';
import Cropper, { type Area, type MediaSize, type Point } from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import { cropToJpeg } from './cropToJpeg.ts';

const MIN_ZOOM = 1;
const MAX_ZOOM = 4;
/** Spec 1 section 9: the crop starts at half the picture's width. */
const DEFAULT_CROP_WIDTH = 0.5;

/**
 * The zoom at which the 1:1 crop covers half the picture's width. At zoom 1 the crop spans the shorter side,
 * so a landscape picture needs less zoom than a square or portrait one.
 */
export function initialZoom(media: Pick<MediaSize, 'naturalWidth' | 'naturalHeight'>): number {
  const { naturalWidth: w, naturalHeight: h } = media;
  if (w <= 0 || h <= 0) return MIN_ZOOM;
  const zoom = Math.min(w, h) / w / DEFAULT_CROP_WIDTH;
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));
}

interface ImageCropDialogProps {
  /** An object URL of the picked file; the dialog is open while it is set. */
  src: string | null;
  onCancel: () => void;
  onDone: (jpeg: Blob) => void;
  /** The browser could not show (or encode) the picture. */
  onUnreadable: () => void;
}

/** Circular 1:1 crop with a rule-of-thirds grid and a zoom slider; "Crop done" gives a JPEG (spec 1 section 2). */
export function ImageCropDialog({ src, onCancel, onDone, onUnreadable }: ImageCropDialogProps) {
  const { t } = useTranslation();
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(MIN_ZOOM);
  const [area, setArea] = useState<Area | null>(null);
  const [busy, setBusy] = useState(false);

  const reset = () => {
    setCrop({ x: 0, y: 0 });
    setZoom(MIN_ZOOM);
    setArea(null);
    setBusy(false);
  };

  const cancel = () => {
    if (busy) return;
    reset();
    onCancel();
  };

  const done = async () => {
    if (!src || !area) return;
    setBusy(true);
    try {
      const jpeg = await cropToJpeg(src, area);
      reset();
      onDone(jpeg);
    } catch {
      reset();
      onUnreadable();
    }
  };

  return (
    <Modal
      opened={src !== null}
      onClose={cancel}
      title={t('image.crop.title')}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('image.crop.hint')}
        </Text>
        <Box
          pos="relative"
          h={{ base: 280, sm: 360 }}
          bg="dark.7"
          style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
        >
          {src ? (
            <Cropper
              image={src}
              crop={crop}
              zoom={zoom}
              minZoom={MIN_ZOOM}
              maxZoom={MAX_ZOOM}
              aspect={1}
              cropShape="round"
              showGrid
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={(_percent, pixels) => setArea(pixels)}
              onMediaLoaded={(media) => setZoom(initialZoom(media))}
              mediaProps={{
                onError: () => {
                  reset();
                  onUnreadable();
                },
              }}
              // A focusable area that moves the picture with the arrow keys: a name needs a role (a bare div
              // may not carry aria-label), and "application" hands those keys to it in a screen reader.
              cropperProps={{ role: 'application', 'aria-label': t('image.crop.area') }}
            />
          ) : null}
        </Box>
        <Group gap="sm" wrap="nowrap" align="center">
          <IconZoomOut size={18} stroke={1.6} aria-hidden />
          <Slider
            style={{ flex: 1 }}
            min={MIN_ZOOM}
            max={MAX_ZOOM}
            step={0.05}
            value={zoom}
            onChange={setZoom}
            label={null}
            thumbLabel={t('image.crop.zoom')}
          />
          <IconZoomIn size={18} stroke={1.6} aria-hidden />
        </Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={cancel} disabled={busy}>
            {t('actions.cancel')}
          </Button>
          <Button
            onClick={() => void done()}
            loading={busy}
            disabled={!area}
            leftSection={<IconCrop size={18} stroke={1.6} />}
          >
            {t('image.crop.done')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
