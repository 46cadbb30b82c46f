import { notifications } from '@mantine/notifications';
import type { MyInfo } from '@pet/shared';
import type { ErrorTextKey } from '@pet/shared/errors';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EditableAvatar } from '../../../components/image/EditableAvatar.tsx';
import { useImageUpload } from '../../../components/image/useImageUpload.ts';
import { errorTextKey } from '../../../lib/errors.ts';
import { myInfoQueryKey } from '../../../lib/session/myInfo.ts';

/** The profile picture: click -> pick -> crop -> upload (file_for=user) with progress, then myinfo again. */
export function ProfileAvatarPicker({ me }: { me: MyInfo }) {
  const { t } = useTranslation(['account', 'errors']);
  const queryClient = useQueryClient();
  const { upload, progress } = useImageUpload();
  const [problem, setProblem] = useState<{ key: ErrorTextKey; uploadFailed: boolean } | null>(null);

  const onCropped = async (jpeg: Blob) => {
    setProblem(null);
    try {
      await upload(jpeg, { fileFor: 'user' });
    } catch (error) {
      setProblem({ key: errorTextKey(error), uploadFailed: true });
      return;
    }
    // Spec 1 section 7: reload the user on 200 or 201 (the top bar shows the picture too).
    await queryClient.invalidateQueries({ queryKey: myInfoQueryKey });
    notifications.show({ color: 'teal', message: t('profile.avatarSaved') });
  };

  let message: string | null = null;
  if (problem) {
    message = problem.uploadFailed
      ? `${t('errors:User_Image_Upload_Failed')} ${t(`errors:${problem.key}`)}`
      : t(`errors:${problem.key}`);
  }

  return (
    <EditableAvatar
      src={me.image_url}
      alt={t('profile.avatarAlt', { name: me.name })}
      name={me.name}
      pickLabel={me.image_url ? t('profile.avatarChange') : t('profile.avatarAdd')}
      size={88}
      progress={progress}
      error={message}
      onCropped={(jpeg) => void onCropped(jpeg)}
      onRefused={(key) => setProblem({ key, uploadFailed: false })}
    />
  );
}
