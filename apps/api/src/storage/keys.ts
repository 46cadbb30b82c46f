// Where a user's files live in storage: everything of a user under one folder, everything of a pet under
// one folder inside it, so that deleting a pet (or later an account) can remove a whole folder.

export const userFolder = (userId: string) => `users/${userId}/`;
export const petFolder = (userId: string, petId: string) => `${userFolder(userId)}pets/${petId}/`;

export const petFileKey = (userId: string, petId: string, fileId: string) =>
  `${petFolder(userId, petId)}${fileId}`;
export const profileFileKey = (userId: string, fileId: string) => `${userFolder(userId)}profile/${fileId}`;
