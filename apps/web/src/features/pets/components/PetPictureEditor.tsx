import { notifications } from '@mantine/notifications';
import type { Pet } from '@pet/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EditableAvatar } from '../../../components/image/EditableAvatar.tsx';
import { usePictureUpload } from '../../../components/image/usePictureUpload.ts';
import { useBrand } from '../../../config/brand.tsx';
import { afterPetPicture } from '../api/petCache.ts';
import { SpeciesIcon } from './PetAvatar.tsx';

/** The pet's picture on its page and edit form: click -> pick -> crop -> upload with progress -> shown. */
export function PetPictureEditor({ pet, size = 112 }: { pet: Pet; size?: number }) {
  const { t } = useTranslation('pets');
  const brand = useBrand();
  const queryClient = useQueryClient();
  const picture = usePictureUpload({
    target: { fileFor: 'pet', petId: pet.id },
    failureKey: 'Pet_Image_Upload_Failed',
    onUploaded: (answer) => {
      afterPetPicture(queryClient, pet.id, answer.image_url);
      notifications.show({ color: 'teal', message: t('picture.saved') });
    },
  });

  return (
    <EditableAvatar
      src={pet.image_url}
      alt={t('picture.alt', { name: pet.name })}
      placeholder={<SpeciesIcon type={pet.pet_type} size={Math.round(size * 0.5)} />}
      color={brand.color}
      pickLabel={pet.image_url ? t('picture.change') : t('picture.add')}
      size={size}
      {...picture}
    />
  );
}
