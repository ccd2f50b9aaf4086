import { describe, expect, it, vi } from 'vitest';
import { MeDocument } from '../../generated/graphql';
import { TEST_USER } from '../../test/fixtures';
import { createApolloClient } from './create-apollo-client';
import type { RetryDelay } from './retry-link';

type Answer = { status: number; body: unknown } | Error;

/** A fetch that gives `answers` in turn (an Error is a failed connection). */
function sequenceFetch(answers: Answer[]) {
  return vi.fn(async () => {
    const answer = answers.shift();
    if (!answer) throw new Error('no more answers');
    if (answer instanceof Error) throw answer;
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  });
}

const ok = { status: 200, body: { data: { me: TEST_USER } } };

function query(answers: Answer[], retryDelay?: RetryDelay) {
  const fetch = sequenceFetch(answers);
  const { client } = createApolloClient({ fetch: fetch as unknown as typeof globalThis.fetch });
  const result = client.query({ query: MeDocument, fetchPolicy: 'network-only', context: retryDelay ? { retryDelay } : {} });
  return { fetch, result };
}

describe('retryLink', () => {
  it('tries again after a failed connection and an HTTP 503, with the attempts made and the message', async () => {
    const retryDelay = vi.fn<RetryDelay>(() => 1);
    const { fetch, result } = query([new TypeError('NetworkError when attempting to fetch resource.'), { status: 503, body: {} }, ok], retryDelay);
    expect((await result).data?.me.email).toBe(TEST_USER.email);
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(retryDelay.mock.calls).toEqual([
      [1, 'NetworkError when attempting to fetch resource.'],
      [2, expect.stringContaining('503')],
    ]);
  });

  it('tries again after GraphQL errors', async () => {
    const { fetch, result } = query([{ status: 200, body: { errors: [{ message: 'Database unavailable' }] } }, ok], () => 1);
    expect((await result).data?.me.email).toBe(TEST_USER.email);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('gives the last failure to the caller when retryDelay gives up', async () => {
    const { fetch, result } = query([{ status: 500, body: {} }, { status: 502, body: {} }, ok], (attempts) => (attempts < 2 ? 1 : null));
    await expect(result).rejects.toThrow('502');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('leaves operations without a retryDelay alone', async () => {
    const { fetch, result } = query([{ status: 500, body: {} }, ok]);
    await expect(result).rejects.toThrow('500');
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
