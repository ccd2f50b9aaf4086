import type { DataSource } from 'typeorm';
import type { EventBus } from '../../../events/event-bus.js';
import { describe, expect, it } from 'vitest';
import type { Authenticated } from '../../auth/token.service.js';
import type { User } from '../../users/user.entity.js';
import { AccessPolicy, mayUse } from '../token-access.js';
import { TokenScope } from '../token-scope.js';
import { MemberRole } from '../../members/member-role.js';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const user = { id: '33333333-3333-4333-8333-333333333333', role: 'user' } as User;
const session: Authenticated = { user, sessionId: 's' };
const token = (scopes: TokenScope[], projectIds: string[] | null = null): Authenticated => ({ user, sessionId: 't', grant: { tokenId: 't', scopes, projectIds } });
// The only query reached here asks for the caller's place on a project: they own every project.
// No running subscription is checked again here: the bus is never used.
const access = new AccessPolicy({ query: async () => [{ owner_id: user.id, role: null }] } as unknown as DataSource, {} as EventBus);

const outcome = async (check: Promise<unknown> | undefined) => {
  try {
    await check;
    return 'allowed';
  } catch (error) {
    return (error as Error).message;
  }
};

describe('the access policy for other adapters (git over HTTP)', () => {
  it("lets a session do anything on its own projects and a token only what its scopes and projects allow", async () => {
    expect(await outcome(access.project(session, B, [TokenScope.write], MemberRole.developer))).toBe('allowed');
    expect(await outcome(access.project(token([TokenScope.read]), A, [TokenScope.read], MemberRole.developer))).toBe('allowed');
    expect(await outcome(access.project(token([TokenScope.read]), A, [TokenScope.write], MemberRole.developer))).toBe('This token lacks the write scope');
    expect(await outcome(access.project(token([TokenScope.write], [A]), A, [TokenScope.write], MemberRole.developer))).toBe('allowed');
    expect(await outcome(access.project(token([TokenScope.write], [A]), B, [TokenScope.read], MemberRole.developer))).toBe('Project not found');
  });

  it('answers whether a credential may use a scope', () => {
    expect(mayUse(session, TokenScope.admin)).toBe(true);
    expect(mayUse(token([TokenScope.deploy]), TokenScope.admin)).toBe(false);
    expect(mayUse(token([TokenScope.admin]), TokenScope.admin)).toBe(true);
  });
});
