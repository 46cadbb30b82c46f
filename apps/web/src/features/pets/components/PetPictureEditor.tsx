import { notifications } from '@mantine/notifications';
import type { Pet } from '@pet/shared';
import type { ErrorTextKey } from '@pet/shared/errors';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EditableAvatar } from '../../../components/image/EditableAvatar.tsx';
import { useImageUpload } from '../../../components/image/useImageUpload.ts';
import { useBrand } from '../../../config/brand.tsx';
import { errorTextKey } from '../../../lib/errors.ts';
import { afterPetPicture } from '../api/petCache.ts';
import { SpeciesIcon } from './PetAvatar.tsx';

/** The pet's picture on its page and edit form: click -> pick -> crop -> upload with progress -> shown. */
export function PetPictureEditor({ pet, size = 112 }: { pet: Pet; size?: number }) {
  const { t } = useTranslation(['pets', 'errors']);
  const brand = useBrand();
  const queryClient = useQueryClient();
  const { upload, progress } = useImageUpload();
  const [problem, setProblem] = useState<{ key: ErrorTextKey; uploadFailed: boolean } | null>(null);

  const onCropped = async (jpeg: Blob) => {
    setProblem(null);
    try {
      const answer = await upload(jpeg, { fileFor: 'pet', petId: pet.id });
      afterPetPicture(queryClient, pet.id, answer.image_url);
      notifications.show({ color: 'teal', message: t('picture.saved') });
    } catch (error) {
      setProblem({ key: errorTextKey(error), uploadFailed: true });
    }
  };

  let message: string | null = null;
  if (problem) {
    message = problem.uploadFailed
      ? `${t('errors:Pet_Image_Upload_Failed')} ${t(`errors:${problem.key}`)}`
      : t(`errors:${problem.key}`);
  }

  return (
    <EditableAvatar
      src={pet.image_url}
      alt={t('picture.alt', { name: pet.name })}
      placeholder={<SpeciesIcon type={pet.pet_type} size={Math.round(size * 0.5)} />}
      color={brand.color}
      pickLabel={pet.image_url ? t('picture.change') : t('picture.add')}
      size={size}
      progress={progress}
      error={message}
      onCropped={(jpeg) => void onCropped(jpeg)}
      onRefused={(key) => setProblem({ key, uploadFailed: false })}
    />
  );
}
