import type { Theme } from '@emotion/react';
import styled from '@emotion/styled';
import { useId, useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/auth-context';

/** Spec section 2: the sidebar's entries, in order (Help & Feedback and Logout follow). */
export const SIDEBAR_LINKS = [
  { to: '/dashboard/console', label: 'Console' },
  { to: '/dashboard/console-logs', label: 'Console Logs' },
  { to: '/dashboard/projects', label: 'Projects' },
  { to: '/dashboard/info', label: 'Info' },
  { to: '/dashboard/settings', label: 'Settings' },
] as const;

/** Shown after Settings to managers and admins only (the server refuses everyone else anyway). */
export const USERS_LINK = { to: '/dashboard/users', label: 'Users' } as const;

const StyledSidebar = styled.nav(({ theme }) => ({
  display: 'flex',
  flexDirection: 'column',
  gap: theme.spacing(1),
  width: theme.layout.sidebarWidth,
  flexShrink: 0,
  padding: theme.spacing(5, 3),
  color: theme.colors.sidebarText,
  background: theme.colors.sidebar,
  [theme.breakpoints.md]: { width: '100%', flexDirection: 'row', flexWrap: 'wrap', padding: theme.spacing(2, 3) },
}));

const StyledBrand = styled(Link)(({ theme }) => ({
  padding: theme.spacing(0, 3, 4),
  fontSize: theme.fontSizes.xl,
  fontWeight: theme.fontWeights.bold,
  color: theme.colors.sidebarActiveText,
  textDecoration: 'none',
  [theme.breakpoints.md]: { padding: theme.spacing(2, 3), fontSize: theme.fontSizes.lg },
}));

const itemStyles = ({ theme }: { theme: Theme }) => ({
  display: 'block',
  width: '100%',
  padding: theme.spacing(2, 3),
  fontSize: theme.fontSizes.sm,
  textAlign: 'left' as const,
  color: theme.colors.sidebarText,
  background: 'transparent',
  border: 'none',
  borderRadius: theme.radii.md,
  textDecoration: 'none',
  cursor: 'pointer',
  '&:hover': { color: theme.colors.sidebarActiveText, background: theme.colors.sidebarActive },
  '&.active': { color: theme.colors.sidebarActiveText, background: theme.colors.sidebarActive, fontWeight: theme.fontWeights.bold },
  [theme.breakpoints.md]: { width: 'auto' },
});

const StyledNavLink = styled(NavLink)(itemStyles);
const StyledItemButton = styled.button(itemStyles);
const StyledSubLink = styled(Link)((props) => ({ ...itemStyles(props), paddingLeft: props.theme.spacing(6) }));

const StyledSpacer = styled.div({ flex: 1 });

const StyledHint = styled.p(({ theme }) => ({ margin: theme.spacing(1, 3, 2, 6), fontSize: theme.fontSizes.xs }));

/** The dashboard's navigation: the five screens (and Users for managers and admins), Help & Feedback (with the GraphQL explorer) and Logout. */
export function Sidebar() {
  const { logout, user } = useAuth();
  const links = user?.role === 'manager' || user?.role === 'admin' ? [...SIDEBAR_LINKS, USERS_LINK] : SIDEBAR_LINKS;
  const navigate = useNavigate();
  const [helpOpen, setHelpOpen] = useState(false);
  const helpId = useId();

  const onLogout = async () => {
    await logout();
    navigate('/login', { replace: true });
  };

  return (
    <StyledSidebar aria-label="Main">
      <StyledBrand to="/dashboard">Slipway</StyledBrand>
      {links.map((link) => (
        <StyledNavLink key={link.to} to={link.to} end={link.to !== '/dashboard/projects'}>
          {link.label}
        </StyledNavLink>
      ))}
      <StyledSpacer />
      <StyledItemButton type="button" aria-expanded={helpOpen} aria-controls={helpId} onClick={() => setHelpOpen((open) => !open)}>
        Help & Feedback
      </StyledItemButton>
      {helpOpen && (
        <div id={helpId}>
          <StyledSubLink to="/graphiql">GraphiQL API explorer</StyledSubLink>
          <StyledHint>Try queries, mutations and subscriptions against /api/graphql as the signed-in user.</StyledHint>
        </div>
      )}
      <StyledItemButton type="button" onClick={onLogout}>
        Logout
      </StyledItemButton>
    </StyledSidebar>
  );
}
