import { PetFacts } from '../../features/pets/components/PetFacts.tsx';
import { SharedPetPage } from '../../features/share-links/routes/SharedPetPage.tsx';

// Features never import each other (docs/architecture.md); the app composes them: the page a share link
// opens shows the pet's facts as the pets screens do.

/** /shared/:secret */
export function SharedPetWithFactsPage() {
  return <SharedPetPage facts={(pet) => <PetFacts pet={pet} />} />;
}
