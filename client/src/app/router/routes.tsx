import { Navigate, type RouteObject } from 'react-router-dom';
import { LoginPage } from '../../modules/auth/pages/LoginPage';
import { RouteErrorFallback } from '../errors/RouteErrorFallback';
import { RootLayout } from '../layout/RootLayout';
import { LoadingText } from '../../ui/Loading';

/**
 * Spec section 2, route for route. The login screen is part of the entry bundle; the dashboard layout, its pages
 * and GraphiQL load on demand in their own chunks.
 */
export const appRoutes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteErrorFallback />,
    hydrateFallbackElement: <LoadingText />,
    children: [
      { index: true, element: <Navigate to="/dashboard" replace /> },
      { path: 'login', element: <LoginPage /> },
      {
        path: 'graphiql',
        lazy: () => import('../../modules/graphiql/pages/GraphiQLPage').then((m) => ({ Component: m.GraphiQLPage })),
      },
      {
        path: 'dashboard',
        lazy: () => import('../layout/DashboardRoute').then((m) => ({ Component: m.DashboardRoute })),
        children: [
          { index: true, element: <Navigate to="/dashboard/console" replace /> },
          { path: 'info', lazy: () => import('../../modules/info/pages/InfoPage').then((m) => ({ Component: m.InfoPage })) },
          {
            path: 'console',
            lazy: () => import('../../modules/console/pages/ConsolePage').then((m) => ({ Component: m.ConsolePage })),
          },
          {
            path: 'console-logs',
            lazy: () => import('../../modules/console-logs/pages/ConsoleLogsPage').then((m) => ({ Component: m.ConsoleLogsPage })),
          },
          {
            path: 'projects',
            lazy: () => import('../../modules/projects/pages/ProjectsPage').then((m) => ({ Component: m.ProjectsPage })),
          },
          {
            path: 'projects/new',
            lazy: () => import('../../modules/projects/pages/NewProjectPage').then((m) => ({ Component: m.NewProjectPage })),
          },
          {
            path: 'projects/:projectId',
            lazy: () => import('../../modules/projects/pages/ProjectDetailPage').then((m) => ({ Component: m.ProjectDetailPage })),
          },
          {
            path: 'projects/:projectId/edit',
            lazy: () => import('../../modules/projects/pages/EditProjectPage').then((m) => ({ Component: m.EditProjectPage })),
          },
          {
            path: 'settings',
            lazy: () => import('../../modules/settings/pages/SettingsPage').then((m) => ({ Component: m.SettingsPage })),
          },
          { path: 'users', lazy: () => import('../../modules/users/pages/UsersPage').then((m) => ({ Component: m.UsersPage })) },
        ],
      },
      { path: '*', element: <Navigate to="/dashboard" replace /> },
    ],
  },
];
