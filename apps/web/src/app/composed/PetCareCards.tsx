import type { Pet } from '@pet/shared';
import { PetDosesCard } from '../../features/doses/components/PetDosesCard.tsx';
import { PetRemindersCard } from '../../features/reminders/components/PetRemindersCard.tsx';

// Features never import each other (docs/architecture.md); the app composes them: the pet's daily care on
// its page, today's doses (when it has any) and the reminders (issue 49). One file, loaded after the page.

export function PetCareCards({ pet }: { pet: Pet }) {
  return (
    <>
      <PetDosesCard pet={pet} />
      <PetRemindersCard pet={pet} />
    </>
  );
}
