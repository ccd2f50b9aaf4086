import './monaco-workers';
import 'graphiql/style.css';
import styled from '@emotion/styled';
import { GraphiQL } from 'graphiql';
import { buildSchema } from 'graphql';
import { useEffect, useMemo } from 'react';
import { Link } from 'react-router-dom';
import { ApolloScope } from '../../../app/apollo/apollo-loader';
import { authToken } from '../../../app/auth/auth-token';
import { useExplorerExampleProjectQuery } from '../../../generated/hooks';
import { LoadingText } from '../../../ui/Loading';
import { exampleTabs } from './graphiql-examples';
import { createExplorerFetcher } from './graphiql-fetcher';
import schemaSdl from '../../../../../schema.graphql?raw';

const StyledPage = styled.main({ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 });

const StyledBar = styled.div(({ theme }) => ({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  padding: theme.spacing(2, 4),
  fontSize: theme.fontSizes.sm,
  background: theme.colors.surface,
  borderBottom: `1px solid ${theme.colors.border}`,
}));

const StyledTitle = styled.h1(({ theme }) => ({ fontSize: theme.fontSizes.sm, fontWeight: theme.fontWeights.bold }));

const StyledEditor = styled.div({
  position: 'relative',
  flex: 1,
  minHeight: '480px',
  '& .graphiql-container': {
    position: 'absolute',
    inset: 0,
    // GraphiQL's light palette (hue, saturation, lightness) darkened to 4.5:1 on white where it falls short (axe):
    // type names in the docs are 3.2:1, root types 4.1:1. Its dark theme overrides these with more specific rules.
    '--color-tertiary': '188, 100%, 29%',
    '--color-info': '208, 100%, 42%',
    '--color-success': '158, 60%, 32%',
    '--color-warning': '36, 100%, 33%',
    '--color-error': '13, 93%, 44%',
  },
  // More of GraphiQL's colours that fail WCAG AA (axe): its logo link is dimmed to 4.3:1, and Monaco draws the line
  // after a final newline at 40 % of the line-number colour (1.8:1). Both follow GraphiQL's light/dark theme.
  '& .graphiql-container .graphiql-logo .graphiql-logo-link': { color: 'hsl(var(--color-neutral))' },
  '& .monaco-editor .line-numbers.dimmed-line-number': { color: 'var(--vscode-editorLineNumber-foreground)' },
  // Links inside the docs' running text are told apart by more than colour.
  '& .graphiql-doc-explorer a': { textDecoration: 'underline' },
});

/** The committed schema.graphql (checked against the server in CI): the explorer opens without a round trip. */
const schema = buildSchema(schemaSdl);

/**
 * GraphiQL served by Slipway itself (no CDN): HTTP to /api/graphql, subscriptions over graphql-ws, with the stored
 * token or the Authorization in its Headers tab (a personal access token). It opens once the user's most recent project is known, which the examples use (GraphiQL reads its default
 * tabs once, when it mounts).
 */
export function GraphiQLPage() {
  return (
    <StyledPage>
      <StyledBar>
        <StyledTitle>Slipway GraphQL API</StyledTitle>
        <Link to="/dashboard">Back to dashboard</Link>
      </StyledBar>
      <ApolloScope>
        <Explorer />
      </ApolloScope>
    </StyledPage>
  );
}

function Explorer() {
  // Without a session (or when the server runs trusted documents only) the examples say where to get an id instead.
  const { data, loading } = useExplorerExampleProjectQuery({ fetchPolicy: 'network-only' });
  const project = data?.projects.projects[0] ?? null;
  const defaultTabs = useMemo(() => exampleTabs(project), [project]);
  const token = authToken.read();
  const explorer = useMemo(() => createExplorerFetcher(token), [token]);
  useEffect(() => () => explorer.dispose(), [explorer]);

  if (loading) return <LoadingText>Loading GraphiQL...</LoadingText>;
  return (
    <StyledEditor>
      <GraphiQL fetcher={explorer.fetcher} schema={schema} defaultTabs={defaultTabs} defaultEditorToolsVisibility="variables" />
    </StyledEditor>
  );
}
