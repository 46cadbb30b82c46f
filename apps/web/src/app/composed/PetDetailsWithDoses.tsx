import { lazy, Suspense } from 'react';
import { PetDetailsPage } from '../../features/pets/routes/PetDetailsPage.tsx';

// Features never import each other (docs/architecture.md); the app composes them: the pet's page with its
// doses of today and their log, below the weights (issue 49). The doses come in a file of their own after the
// page has drawn: the pet's page is at its budget of files (vite.config.ts), and most pets take nothing.

const PetDosesCard = lazy(() =>
  import('../../features/doses/components/PetDosesCard.tsx').then((m) => ({ default: m.PetDosesCard })),
);

/** /pet-details/:name/:id */
export function PetDetailsWithDosesPage() {
  return (
    <PetDetailsPage
      sections={(pet) => (
        <Suspense fallback={null}>
          <PetDosesCard pet={pet} />
        </Suspense>
      )}
    />
  );
}
