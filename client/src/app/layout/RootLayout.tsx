import styled from '@emotion/styled';
import { Outlet } from 'react-router-dom';
import { AuthProvider } from '../auth/AuthProvider';
import { DevBanner } from './DevBanner';

const StyledRoot = styled.div({ display: 'flex', flexDirection: 'column', minHeight: '100%' });

const StyledContent = styled.div({ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 });

/** Every route: the session (inside the router, so expiry can navigate) and the development-helper banner. */
export function RootLayout() {
  return (
    <AuthProvider>
      <StyledRoot>
        <DevBanner />
        <StyledContent>
          <Outlet />
        </StyledContent>
      </StyledRoot>
    </AuthProvider>
  );
}
