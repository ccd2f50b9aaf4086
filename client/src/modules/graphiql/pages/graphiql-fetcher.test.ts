import { describe, expect, it } from 'vitest';
import { authorizationOf } from './graphiql-fetcher';

describe('the Authorization GraphiQL sends', () => {
  it("prefers the Headers tab's (any case), else the session's, else none", () => {
    expect(authorizationOf({ Authorization: 'Bearer slw_abc' }, 'session-token')).toBe('Bearer slw_abc');
    expect(authorizationOf({ authorization: ' Bearer slw_abc ' }, null)).toBe('Bearer slw_abc');
    expect(authorizationOf({ authorization: '' }, 'session-token')).toBe('Bearer session-token');
    expect(authorizationOf({ 'x-other': 'y' }, 'session-token')).toBe('Bearer session-token');
    expect(authorizationOf(undefined, null)).toBeUndefined();
  });
});
