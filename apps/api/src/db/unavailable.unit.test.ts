import { describe, expect, it } from 'vitest';
import { databaseUnavailableReason, isDatabaseUnavailable } from './unavailable.ts';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
/** How Drizzle reports a failed statement: its own error, the driver's in `cause`, the SQL in the message. */
const drizzleError = (cause: Error) =>
  new Error('Failed query: select "id" from "pets" where "name" = $1\nparams: Rex', { cause });

describe('database unavailable', () => {
  it('knows a server that is down, starting, stopping, full or too slow, by SQLSTATE', () => {
    for (const code of ['08006', '08001', '57P01', '57P02', '57P03', '53300', '57014']) {
      expect(databaseUnavailableReason(withCode('server said no', code))).toBe(code);
    }
  });

  it('knows socket errors and the drivers’ own words, also when wrapped', () => {
    expect(databaseUnavailableReason(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(
      'ECONNREFUSED',
    );
    expect(
      databaseUnavailableReason(new AggregateError([withCode('refused', 'ECONNREFUSED')], 'connect failed')),
    ).toBe('ECONNREFUSED');
    expect(databaseUnavailableReason(drizzleError(new Error('Query read timeout')))).toBe(
      'Query read timeout',
    );
    expect(databaseUnavailableReason(new Error('timeout exceeded when trying to connect'))).toBe(
      'timeout exceeded when trying to connect',
    );
    expect(databaseUnavailableReason(drizzleError(new Error('Connection terminated unexpectedly')))).toBe(
      'Connection terminated',
    );
  });

  it('leaves every other error alone, and never answers the statement or its parameters', () => {
    expect(isDatabaseUnavailable(drizzleError(withCode('duplicate key', '23505')))).toBe(false);
    expect(isDatabaseUnavailable(withCode('syntax error', '42601'))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable('Query read timeout')).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
