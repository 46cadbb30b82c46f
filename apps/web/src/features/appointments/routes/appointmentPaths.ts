import { petPath } from '@pet/shared/paths';

/** /pet-details/{name}/{id}/appointments from the route's own params (the name already hyphenated). */
export function petAppointmentsPath(petId: string, routeName: string): string {
  return petPath({ id: petId, name: routeName }, 'appointments');
}
