import type { Pet } from '@pet/shared';
import { type PetSection, petPath, petSlug } from '@pet/shared/paths';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useBrandTextContext } from '../config/brand.tsx';
import { ApiError } from '../lib/api/ApiError.ts';
import { petQuery } from '../lib/pets/petQueries.ts';
import { useFirstAnswerDeferred } from '../lib/useFirstAnswerDeferred.ts';
import { LoadError } from './LoadError.tsx';
import { PageLoader } from './Loaders.tsx';
import { PetNotFound } from './PetNotFound.tsx';

interface PetRouteProps {
  /** The page's section below /pet-details/:name/:id, for the corrected url. */
  section?: PetSection;
  /** A page below a section (a medical category's list): its address for the pet, for the corrected url. */
  pathOf?: (pet: Pet) => string;
  children: (pet: Pet) => ReactNode;
}

/**
 * Loads the pet of /pet-details/:name/:id. A pet that is not the user's (404) shows the not-found state in
 * the layout; a url whose name part is not the pet's current name (renamed, typed by hand) is replaced by
 * the right one, so links, bookmarks and the breadcrumbs agree.
 */
export function PetRoute({ section, pathOf, children }: PetRouteProps) {
  const { t } = useTranslation('pets');
  const textContext = useBrandTextContext();
  const params = useParams();
  const navigate = useNavigate();
  const id = params.id ?? '';
  const pet = useQuery(petQuery(id));
  const data = pet.data;
  const shown = useFirstAnswerDeferred(data);

  useEffect(() => {
    if (data && params.name !== petSlug(data.name)) {
      navigate(pathOf ? pathOf(data) : petPath(data, section), { replace: true });
    }
  }, [data, params.name, section, pathOf, navigate]);

  if (pet.isError) {
    // 400: an id no pet can have (too long); 404: not one of the user's pets.
    if (pet.error instanceof ApiError && (pet.error.status === 404 || pet.error.status === 400)) {
      return <PetNotFound />;
    }
    return (
      <LoadError
        title={t('details.loadError', textContext)}
        error={pet.error}
        onRetry={() => pet.refetch()}
      />
    );
  }
  if (!shown) return <PageLoader />;
  return <>{children(shown)}</>;
}
