import type { Language } from '@pet/shared/constants';
import { apiPaths } from '@pet/shared/paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFetch } from '../api/client.ts';
import { currentLanguage } from '../i18n/index.ts';
import { rememberLanguage } from '../i18n/language.ts';
import { myInfoQueryKey, updateMyInfo } from './myInfo.ts';

export const languageMutationKey = ['session', 'language'] as const;

/** The UI language and a setter that also saves it to a signed-in user's profile (PUT /v1/auth/modify). */
export function useLanguage() {
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  const language = currentLanguage(i18n);
  // A mutation, like every write, so a failed save is reported once by the query client's MutationCache.
  const { mutateAsync: saveLanguage } = useMutation({
    mutationKey: languageMutationKey,
    mutationFn: (next: Language) =>
      apiFetch(apiPaths.modifyAccount, { method: 'PUT', body: { language: next } }),
  });

  const setLanguage = useCallback(
    async (next: Language): Promise<void> => {
      rememberLanguage(next);
      await i18n.changeLanguage(next);
      if (!queryClient.getQueryData(myInfoQueryKey)) return;
      // Written to the cache first, so syncing from the profile does not switch back while the call runs.
      updateMyInfo(queryClient, { language: next });
      await saveLanguage(next);
    },
    [i18n, queryClient, saveLanguage],
  );

  return { language, setLanguage };
}
