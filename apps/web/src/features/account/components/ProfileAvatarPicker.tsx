import { notifications } from '@mantine/notifications';
import type { MyInfo } from '@pet/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EditableAvatar } from '../../../components/image/EditableAvatar.tsx';
import { usePictureUpload } from '../../../components/image/usePictureUpload.ts';
import { myInfoQueryKey } from '../../../lib/session/myInfo.ts';

/** The profile picture: click -> pick -> crop -> upload (file_for=user) with progress, then myinfo again. */
export function ProfileAvatarPicker({ me }: { me: MyInfo }) {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const picture = usePictureUpload({
    target: { fileFor: 'user' },
    failureKey: 'User_Image_Upload_Failed',
    onUploaded: async () => {
      // Spec 1 section 7: reload the user on 200 or 201 (the top bar shows the picture too).
      await queryClient.invalidateQueries({ queryKey: myInfoQueryKey });
      notifications.show({ color: 'teal', message: t('profile.avatarSaved') });
    },
  });

  return (
    <EditableAvatar
      src={me.image_url}
      alt={t('profile.avatarAlt', { name: me.name })}
      pickLabel={me.image_url ? t('profile.avatarChange') : t('profile.avatarAdd')}
      size={88}
      {...picture}
    />
  );
}
