import { ApolloScope } from '../apollo/apollo-loader';
import { RequireAuth } from '../auth/RequireAuth';
import { DashboardLayout } from './DashboardLayout';

/** The protected /dashboard layout route with Apollo's hooks, loaded on demand so the login bundle stays small. */
export function DashboardRoute() {
  return (
    <RequireAuth>
      <ApolloScope>
        <DashboardLayout />
      </ApolloScope>
    </RequireAuth>
  );
}
