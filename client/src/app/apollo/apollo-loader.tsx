import { ApolloProvider } from '@apollo/client/react';
import { createContext, Suspense, use, useContext, type ReactNode } from 'react';
import { LoadingText } from '../../ui/Loading';
import type { AppApollo } from './create-apollo-client';

/**
 * Apollo Client is about 50 kB gzip, a third of the login page's budget. So the entry bundle holds only this
 * loader: main.tsx starts loading Apollo as the app boots, the login form renders meanwhile, and everything
 * that talks to the API awaits the same instance.
 */
export function loadAppApollo(): Promise<AppApollo> {
  const apollo = import('./create-apollo-client').then(({ createApolloClient }) => createApolloClient());
  // Marked as settled the way React's `use()` reads a promise, so that a tree rendering after the load (the
  // dashboard, once the session is checked) gets the client at once instead of suspending: a suspended tree is
  // revealed only after React's fallback throttle, which held back the page's own queries by about 0.4 s.
  void apollo.then((value) => Object.assign(apollo, { status: 'fulfilled', value }));
  return apollo;
}

const AppApolloContext = createContext<Promise<AppApollo> | null>(null);

export function AppApolloLoaderProvider({ apollo, children }: { apollo: Promise<AppApollo>; children: ReactNode }) {
  return <AppApolloContext.Provider value={apollo}>{children}</AppApolloContext.Provider>;
}

/** The app's Apollo setup, once loaded (for code outside React render: the session, sign in, logout). */
export function useAppApolloPromise(): Promise<AppApollo> {
  const apollo = useContext(AppApolloContext);
  if (!apollo) throw new Error('useAppApolloPromise must be used inside <AppApolloLoaderProvider>');
  return apollo;
}

function LoadedApolloProvider({ children }: { children: ReactNode }) {
  const { client } = use(useAppApolloPromise());
  return <ApolloProvider client={client}>{children}</ApolloProvider>;
}

/** Makes Apollo's hooks available below it, suspending with 'Loading...' until the client has loaded. */
export function ApolloScope({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<LoadingText />}>
      <LoadedApolloProvider>{children}</LoadedApolloProvider>
    </Suspense>
  );
}
