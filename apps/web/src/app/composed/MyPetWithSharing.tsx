import { HistoryList } from '../../features/household/components/HistoryList.tsx';
import { HouseholdCard } from '../../features/household/components/HouseholdCard.tsx';
import { MyPetPage } from '../../features/pets/routes/MyPetPage.tsx';
import { PetShareLinksCard } from '../../features/share-links/components/PetShareLinksCard.tsx';

// Features never import each other (docs/architecture.md); the app composes them, as bulletproof-react
// recommends: the pet's page with, below the profile, the share-links card (the owner's only), the
// household card (by the user's role) and the pet's history (owner and co-owners).

/** /pet-details/:name/:id/my-pet */
export function MyPetWithSharingPage() {
  return (
    <MyPetPage
      sections={(pet) => (
        <>
          {pet.role === 'owner' ? <PetShareLinksCard pet={pet} /> : null}
          <HouseholdCard pet={pet} />
          <HistoryList pet={pet} />
        </>
      )}
    />
  );
}
