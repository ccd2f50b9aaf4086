import styled from '@emotion/styled';
import { Outlet, useLocation } from 'react-router-dom';
import { ErrorBoundary } from '../errors/ErrorBoundary';
import { Sidebar } from './Sidebar';

const StyledLayout = styled.div(({ theme }) => ({
  display: 'flex',
  flex: 1,
  minHeight: 0,
  [theme.breakpoints.md]: { flexDirection: 'column' },
}));

const StyledMain = styled.main(({ theme }) => ({
  flex: 1,
  minWidth: 0,
  padding: theme.spacing(8),
  [theme.breakpoints.sm]: { padding: theme.spacing(4) },
}));

const StyledContent = styled.div(({ theme }) => ({ maxWidth: theme.layout.contentMaxWidth, margin: '0 auto' }));

/** The signed-in frame: sidebar and the current page, whose render errors stay inside the main area. */
export function DashboardLayout() {
  const location = useLocation();
  return (
    <StyledLayout>
      <Sidebar />
      <StyledMain>
        <StyledContent>
          <ErrorBoundary resetKey={location.pathname}>
            <Outlet />
          </ErrorBoundary>
        </StyledContent>
      </StyledMain>
    </StyledLayout>
  );
}
