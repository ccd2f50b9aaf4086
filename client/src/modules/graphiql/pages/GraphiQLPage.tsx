import './monaco-workers';
import 'graphiql/style.css';
import styled from '@emotion/styled';
import { createGraphiQLFetcher, type Fetcher } from '@graphiql/toolkit';
import { GraphiQL } from 'graphiql';
import { buildSchema, parse, type DocumentNode } from 'graphql';
import { createClient } from 'graphql-ws';
import { useEffect, useMemo } from 'react';
import { Link } from 'react-router-dom';
import { GRAPHQL_PATH, graphqlWebSocketUrl } from '../../../app/apollo/create-apollo-client';
import { authToken, bearer } from '../../../app/auth/auth-token';
import { EXAMPLE_TABS } from './graphiql-examples';
import schemaSdl from '../../../../../schema.graphql?raw';

const StyledPage = styled.div({ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 });

const StyledBar = styled.div(({ theme }) => ({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  padding: theme.spacing(2, 4),
  fontSize: theme.fontSizes.sm,
  background: theme.colors.surface,
  borderBottom: `1px solid ${theme.colors.border}`,
}));

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

/** The document as sent, or nothing if it does not parse (the server then reports the syntax error). */
function parsed(query: string): DocumentNode | undefined {
  try {
    return parse(query);
  } catch {
    return undefined;
  }
}

/** GraphiQL served by Slipway itself (no CDN): HTTP to /api/graphql, subscriptions over graphql-ws, with the stored token. */
export function GraphiQLPage() {
  const token = authToken.read();
  const wsClient = useMemo(
    () => createClient({ url: graphqlWebSocketUrl(), lazy: true, connectionParams: token ? { authorization: bearer(token) } : {} }),
    [token],
  );
  useEffect(() => () => void wsClient.dispose(), [wsClient]);

  const fetcher = useMemo<Fetcher>(() => {
    const toolkitFetcher = createGraphiQLFetcher({ url: GRAPHQL_PATH, wsClient, headers: token ? { authorization: bearer(token) } : undefined });
    // The toolkit picks the WebSocket for subscriptions from the editor's parsed document, which can lag behind
    // the text just typed; parse what is actually sent so a subscription never goes over HTTP.
    return (params, options) => toolkitFetcher(params, { ...options, documentAST: parsed(params.query) ?? options?.documentAST });
  }, [token, wsClient]);

  return (
    <StyledPage>
      <StyledBar>
        <strong>Slipway GraphQL API</strong>
        <Link to="/dashboard">Back to dashboard</Link>
      </StyledBar>
      <StyledEditor>
        <GraphiQL fetcher={fetcher} schema={schema} defaultTabs={EXAMPLE_TABS} defaultEditorToolsVisibility="variables" />
      </StyledEditor>
    </StyledPage>
  );
}
