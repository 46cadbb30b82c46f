import { lazy, Suspense } from 'react';
import { PetDetailsPage } from '../../features/pets/routes/PetDetailsPage.tsx';

// Features never import each other (docs/architecture.md); the app composes them: the pet's page with its
// daily care at its end: today's doses, their log and the reminders (issue 49). They come in a file of
// their own after the page has drawn: the pet's page is at its budget of files (vite.config.ts).

const PetCareCards = lazy(() => import('./PetCareCards.tsx').then((m) => ({ default: m.PetCareCards })));

/** /pet-details/:name/:id */
export function PetDetailsWithDosesPage() {
  return (
    <PetDetailsPage
      sections={(pet) => (
        <Suspense fallback={null}>
          <PetCareCards pet={pet} />
        </Suspense>
      )}
    />
  );
}
