import { createStore } from '../session/store.ts';

/**
 * Counts the writes the server accepted in this page (the query client's mutations): what is kept for offline
 * reading and made from the user's data (the emergency file) is made again after one.
 */
export const savedWrites = createStore(0);

export function noteSavedWrite(): void {
  savedWrites.set(savedWrites.get() + 1);
}
