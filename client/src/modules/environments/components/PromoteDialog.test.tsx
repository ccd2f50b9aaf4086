import { screen, within } from '@testing-library/react';
import type { MockLink } from '@apollo/client/testing';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { PromotionPlanDocument } from '../../../generated/graphql';
import { renderWithProviders, signedIn } from '../../../test/render';
import { PromoteDialog } from './PromoteDialog';

const PROJECT_ID = 'p-1';
const deployment = (id: string, tag: string, sha: string) => ({ __typename: 'Deployment', id, version: { __typename: 'Version', id: `v-${id}`, versionTag: tag, gitCommitSha: sha } });
const commit = (sha: string, message: string) => ({ __typename: 'PromotionCommit', sha, message, author: 'Ann', date: '2026-11-20T10:00:00.000Z' });

const planMock = (commits: object | null): MockLink.MockedResponse => ({
  request: { query: PromotionPlanDocument, variables: { projectId: PROJECT_ID, name: 'production', from: 'staging' } },
  result: {
    data: {
      promotionPlan: {
        __typename: 'PromotionPlan',
        from: 'staging',
        to: 'production',
        deployment: deployment('d-2', 'v0.0.2', 'b'.repeat(40)),
        current: deployment('d-1', 'v0.0.3', 'a'.repeat(40)),
        variables: [],
        commits: commits && { __typename: 'PromotionCommitRange', ...commits },
      },
    },
  },
});

function render(mocks: MockLink.MockedResponse[]) {
  return renderWithProviders(<PromoteDialog projectId={PROJECT_ID} from="staging" to="production" onClose={() => undefined} />, { auth: signedIn(), mocks });
}

describe('PromoteDialog', () => {
  it('lists the commits a rollback takes away, with how many more, in a labelled list a keyboard can scroll; axe-clean', async () => {
    render([planMock({ kind: 'rollback', more: 3, behind: 5, commits: [commit('c'.repeat(40), 'Add search'), commit('d'.repeat(40), 'Fix header')] })]);
    const list = await screen.findByRole('list', { name: 'This is a rollback: production runs 5 newer commits than staging, which leave it, newest first' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['cccccccc Add search (Ann, 2026-11-20)', 'dddddddd Fix header (Ann, 2026-11-20)']);
    expect(list).toHaveAttribute('tabindex', '0');
    expect(screen.getByText('and 3 more')).toBeInTheDocument();
    const { violations } = await axe.run(screen.getByRole('dialog'));
    expect(violations.map((violation) => violation.id)).toEqual([]);
  });

  it('says when both run the same commit, and when the commits could not be read', async () => {
    const { unmount } = render([planMock({ kind: 'same', more: 0, behind: 0, commits: [] })]);
    expect(await screen.findByText('Both run the same commit.')).toBeInTheDocument();
    unmount();
    render([planMock(null)]);
    expect(await screen.findByText('The commits between the two could not be read from the repository.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});
