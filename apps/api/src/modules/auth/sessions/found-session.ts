// What the session check's fast path reads: the session and its user (session-lookup.ts, session-read.ts).

export interface FoundSession {
  session: { id: string; expiresAt: Date; rememberMe: boolean };
  user: {
    id: string;
    email: string;
    name: string;
    emailVerified: boolean;
    language: string;
    role: string;
    banned: boolean;
    banExpires: Date | null;
  };
}
