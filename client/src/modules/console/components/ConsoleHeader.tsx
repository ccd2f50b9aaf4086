import { useAuth } from '../../../app/auth/auth-context';
import { PageHeader } from '../../../ui/PageHeader';

/** 'Welcome back, {name}!' with 'User' when the name is unknown. */
export function ConsoleHeader() {
  const { user } = useAuth();
  return (
    <PageHeader
      title={`Welcome back, ${user?.name?.trim() || 'User'}!`}
      subtitle="Run commands against your Slipway workspace and keep an eye on its shape."
    />
  );
}
