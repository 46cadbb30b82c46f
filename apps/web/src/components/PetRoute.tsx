import type { Pet } from '@pet/shared';
import { type PetSection, petPath, petSlug } from '@pet/shared/paths';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useDeferredValue, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useBrandTextContext } from '../config/brand.tsx';
import { ApiError } from '../lib/api/ApiError.ts';
import { petQuery } from '../lib/pets/petQueries.ts';
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
  // The page is drawn from the pet one step behind its arrival: the arrival is an update React may not split
  // (a store's), and drawing a pet's page in it held a phone's main thread for 130-260 ms (4x CPU, issue 46);
  // the deferred value's render is a transition, done in slices. Only the pet of this url is shown.
  const arrived = useMemo(() => (data ? { id, pet: data } : undefined), [id, data]);
  const deferred = useDeferredValue(arrived);
  const shown = deferred?.id === id ? deferred.pet : undefined;

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
