import { ThemeProvider } from '@emotion/react';
import type { ReactNode } from 'react';
import { GlobalStyles } from '../theme/GlobalStyles';
import { theme } from '../theme/theme';
import { AppApolloLoaderProvider } from './apollo/apollo-loader';
import type { AppApollo } from './apollo/create-apollo-client';
import { ErrorBoundary } from './errors/ErrorBoundary';

/** Everything outside the router: theme, global styles, the (loading) Apollo setup and a last-resort error boundary. */
export function AppProviders({ apollo, children }: { apollo: Promise<AppApollo>; children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyles />
      <ErrorBoundary>
        <AppApolloLoaderProvider apollo={apollo}>{children}</AppApolloLoaderProvider>
      </ErrorBoundary>
    </ThemeProvider>
  );
}
