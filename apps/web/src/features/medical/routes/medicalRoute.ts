import { useParams } from 'react-router';

/** The pet of /pet-details/:name/:id/medical-data/*, from the route's own params (the name hyphenated). */
export function useRoutePet(): { id: string; name: string; displayName: string } {
  const { id = '', name = '' } = useParams();
  return { id, name, displayName: name.replace(/-/g, ' ') };
}
