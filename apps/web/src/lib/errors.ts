import { type ErrorTextKey, isErrorTextKey } from '@pet/shared/errors';
import { type ErrorContext, textKeyForError } from '@pet/shared/text-key-for-error';
import { useCallback } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from './api/ApiError.ts';
import { isOffline } from './offline/offlineData.ts';

// Errors are carried as text keys of the `errors` namespace until they are shown, so a message on screen
// follows a language switch.

export function errorTextKey(error: unknown, context: ErrorContext = 'other'): ErrorTextKey {
  if (error instanceof ApiError) {
    if (error.status === 0 && isOffline()) return 'No_Internet_Text';
    return textKeyForError({ status: error.status, message: error.message, code: error.code, context });
  }
  return 'Something_Went_Wrong';
}

/** Translates a text key from a form error or the API's `fields`; an unknown message shows a generic text. */
export function useErrorText() {
  const { t } = useTranslation('errors');
  return useCallback(
    (message: string | undefined): string | undefined => {
      if (!message) return undefined;
      return t(isErrorTextKey(message) ? message : 'Invalid_Value_Error');
    },
    [t],
  );
}

/**
 * Puts the API's per-field messages under the matching inputs. Returns whether any field matched, so the
 * caller shows a general message otherwise.
 */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldNames: ReadonlyArray<Path<T>>,
  rename: Partial<Record<string, Path<T>>> = {},
): boolean {
  if (!(error instanceof ApiError)) return false;
  let matched = false;
  for (const [field, message] of Object.entries(error.fields)) {
    const target = rename[field] ?? (fieldNames as readonly string[]).find((name) => name === field);
    if (target) {
      setError(target as Path<T>, { type: 'server', message });
      matched = true;
    }
  }
  return matched;
}
