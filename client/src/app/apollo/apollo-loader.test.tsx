import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApolloScope, AppApolloLoaderProvider, loadAppApollo } from './apollo-loader';

describe('loadAppApollo', () => {
  it('lets a tree that renders after the load use the client at once, without a Suspense fallback', async () => {
    // The dashboard renders only after the session check, when Apollo has long loaded. Suspending there anyway
    // meant React's fallback throttle held the page (and its queries) back by about 0.4 s.
    const apollo = loadAppApollo();
    await apollo;
    await Promise.resolve();
    render(
      <AppApolloLoaderProvider apollo={apollo}>
        <ApolloScope>
          <p>page</p>
        </ApolloScope>
      </AppApolloLoaderProvider>,
    );
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(screen.getByText('page')).toBeInTheDocument();
    (await apollo).client.stop();
  });
});
