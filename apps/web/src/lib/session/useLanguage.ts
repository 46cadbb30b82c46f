import type { Language } from '@pet/shared/constants';
import { apiPaths } from '@pet/shared/paths';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFetch } from '../api/client.ts';
import { currentLanguage } from '../i18n/index.ts';
import { rememberLanguage } from '../i18n/language.ts';
import { myInfoQueryKey, updateMyInfo } from './myInfo.ts';

/** The UI language and a setter that also saves it to a signed-in user's profile (PUT /v1/auth/modify). */
export function useLanguage() {
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  const language = currentLanguage(i18n);

  const setLanguage = useCallback(
    async (next: Language): Promise<void> => {
      rememberLanguage(next);
      await i18n.changeLanguage(next);
      if (!queryClient.getQueryData(myInfoQueryKey)) return;
      // Written to the cache first, so syncing from the profile does not switch back while the call runs.
      updateMyInfo(queryClient, { language: next });
      await apiFetch(apiPaths.modifyAccount, { method: 'PUT', body: { language: next } });
    },
    [i18n, queryClient],
  );

  return { language, setLanguage };
}
