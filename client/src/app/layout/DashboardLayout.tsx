import styled from '@emotion/styled';
import { useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { ErrorBoundary } from '../errors/ErrorBoundary';
import { Sidebar } from './Sidebar';
import { useFocusMainHeading } from './useFocusMainHeading';

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
  // Focused only by the skip link; the ring would frame the whole page.
  '&:focus': { outline: 'none' },
}));

/** Off screen until focused: the first Tab stop on every dashboard page, so the sidebar can be skipped. */
const StyledSkipLink = styled.a(({ theme }) => ({
  position: 'absolute',
  left: theme.spacing(2),
  top: theme.spacing(2),
  zIndex: theme.zIndex.tooltip,
  padding: theme.spacing(2, 4),
  color: theme.colors.textInverse,
  background: theme.colors.primary,
  borderRadius: theme.radii.md,
  transform: 'translateY(-200%)',
  '&:focus': { transform: 'none' },
}));

const StyledContent = styled.div(({ theme }) => ({ maxWidth: theme.layout.contentMaxWidth, margin: '0 auto' }));

/** The signed-in frame: sidebar and the current page, whose render errors stay inside the main area. */
export function DashboardLayout() {
  const location = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  useFocusMainHeading(mainRef);
  return (
    <StyledLayout>
      <StyledSkipLink
        href="#main-content"
        onClick={(event) => {
          // Focus, not a URL fragment: the router owns the URL.
          event.preventDefault();
          mainRef.current?.focus();
        }}
      >
        Skip to main content
      </StyledSkipLink>
      <Sidebar />
      <StyledMain ref={mainRef} id="main-content" tabIndex={-1}>
        <StyledContent>
          <ErrorBoundary resetKey={location.pathname}>
            <Outlet />
          </ErrorBoundary>
        </StyledContent>
      </StyledMain>
    </StyledLayout>
  );
}
