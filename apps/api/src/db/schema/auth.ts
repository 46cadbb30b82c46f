import { relations } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Tables of better-auth (core, admin, one-time token, magic link). Property names are the field names
// better-auth expects; columns are snake_case; every timestamp carries its time zone.

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    // admin plugin
    role: text('role').notNull().default('user'),
    banned: boolean('banned').notNull().default(false),
    banReason: text('ban_reason'),
    banExpires: timestamp('ban_expires', { withTimezone: true }),
    // the portal's own profile fields
    language: text('language').notNull().default('en'),
    stayLoggedIn: boolean('stay_loggedin').notNull().default(true),
    phone: text('phone'),
    address1: text('address_1'),
    address2: text('address_2'),
    zipcode: text('zipcode'),
    city: text('city'),
    country: text('country'),
    /**
     * The user asked to delete the account (DELETE /v1/auth/deleteuseracc, issue 15): it is erased at the next
     * sign-out, or by the account.deletion job ACCOUNT_DELETION_HOURS later; sign-in is refused meanwhile.
     */
    deletionRequestedAt: timestamp('deletion_requested_at', { withTimezone: true }),
    /** The pending account.deletion job (cancelled when the sign-out erases the account first). */
    deletionJobId: text('deletion_job_id'),
    ...timestamps,
  },
  (t) => [index('users_created_at_idx').on(t.createdAt)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    impersonatedBy: text('impersonated_by'),
    // "Stay signed in" off: the session ends with the browser and lives at most one day on the server, even
    // when a refresh would otherwise extend it (modules/auth/sessions/session-hooks.ts).
    rememberMe: boolean('remember_me').notNull().default(true),
    ...timestamps,
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (t) => [index('accounts_user_id_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/** The rate limiter's counters, in the database so that every API process shares them. */
export const rateLimits = pgTable('rate_limits', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

// Relations for better-auth's joined reads (`advanced.database.joins` in modules/auth/better-auth/better-auth.ts):
// getSession reads a session with its user, sign-in a user with their accounts, in one query each instead
// of two. Relations are not schema: they change no table and need no migration.
export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}));
export const accountsRelations = relations(accounts, ({ one }) => ({
  user: one(users, { fields: [accounts.userId], references: [users.id] }),
}));
export const usersRelations = relations(users, ({ many }) => ({
  accounts: many(accounts),
}));
