import styled from '@emotion/styled';
import { Card, CardTitle } from '../../../../ui/Card';

const StyledStack = styled.div(({ theme }) => ({ display: 'flex', flexDirection: 'column', gap: theme.spacing(5) }));

const StyledEmpty = styled.div(({ theme }) => ({ padding: theme.spacing(8, 4), textAlign: 'center', color: theme.colors.textMuted }));

const StyledEmptyTitle = styled.p(({ theme }) => ({ margin: theme.spacing(0, 0, 1), color: theme.colors.text, fontWeight: theme.fontWeights.bold }));

const StyledEmptyText = styled.p({ margin: 0 });

function EmptyState({ title, text }: { title: string; text: string }) {
  return (
    <StyledEmpty>
      <StyledEmptyTitle>{title}</StyledEmptyTitle>
      <StyledEmptyText>{text}</StyledEmptyText>
    </StyledEmpty>
  );
}

/** The Deployments tab until versions can be deployed: both sections empty. */
export function DeploymentsTab() {
  return (
    <StyledStack>
      <Card aria-label="Active Deployments">
        <CardTitle>Active Deployments</CardTitle>
        <EmptyState title="No active deployments" text="Deploy a version to see it running here." />
      </Card>
      <Card aria-label="Deployment History">
        <CardTitle>Deployment History</CardTitle>
        <EmptyState title="No deployments yet" text="Every deployment of this project will be recorded here." />
      </Card>
    </StyledStack>
  );
}
