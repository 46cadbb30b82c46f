import { MyPetPage } from '../../features/pets/routes/MyPetPage.tsx';
import { PetShareLinksCard } from '../../features/share-links/components/PetShareLinksCard.tsx';

// Features never import each other (docs/architecture.md); the app composes them, as bulletproof-react
// recommends: the pet's page with the share-links card below the profile.

/** /pet-details/:name/:id/my-pet */
export function MyPetWithSharingPage() {
  return <MyPetPage sections={(pet) => <PetShareLinksCard pet={pet} />} />;
}
