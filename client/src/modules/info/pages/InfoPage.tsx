import styled from '@emotion/styled';
import { Link } from 'react-router-dom';
import { Badge } from '../../../ui/Badge';
import { Card, CardTitle } from '../../../ui/Card';
import { PageHeader } from '../../../ui/PageHeader';
import { Table } from '../../../ui/Table';
import { INSIGHTS, QUICK_ACTIONS, RECENT_DEPLOYS, RESOURCES, UPDATES } from './info-content';

const StyledGrid = styled.div(({ theme }) => ({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: theme.spacing(5),
  [theme.breakpoints.md]: { gridTemplateColumns: 'minmax(0, 1fr)' },
}));

const StyledWide = styled(Card)({ gridColumn: '1 / -1' });

const StyledInsights = styled.dl(({ theme }) => ({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))',
  gap: theme.spacing(4),
  margin: 0,
}));

const StyledInsightValue = styled.dd(({ theme }) => ({ margin: 0, fontSize: theme.fontSizes.xl, fontWeight: theme.fontWeights.bold }));

const StyledMuted = styled.span(({ theme }) => ({ fontSize: theme.fontSizes.sm, color: theme.colors.textMuted }));

const StyledList = styled.ul(({ theme }) => ({
  display: 'flex',
  flexDirection: 'column',
  gap: theme.spacing(3),
  margin: 0,
  padding: 0,
  listStyle: 'none',
}));

const StyledRow = styled.li({ display: 'flex', justifyContent: 'space-between', gap: '1em' });

/** Static sample content: insights, recent deploys, resources, quick actions and product updates. */
export function InfoPage() {
  return (
    <>
      <PageHeader title="Info" subtitle="A sample overview of what Slipway tracks for a team." />
      <StyledGrid>
        <StyledWide aria-labelledby="info-insights">
          <CardTitle id="info-insights">Insights</CardTitle>
          <StyledInsights>
            {INSIGHTS.map((insight) => (
              <div key={insight.label}>
                <dt>
                  <StyledMuted>{insight.label}</StyledMuted>
                </dt>
                <StyledInsightValue>{insight.value}</StyledInsightValue>
                <dd>
                  <StyledMuted>{insight.trend}</StyledMuted>
                </dd>
              </div>
            ))}
          </StyledInsights>
        </StyledWide>
        <StyledWide aria-labelledby="info-deploys">
          <CardTitle id="info-deploys">Recent Deploys</CardTitle>
          {/* On a narrow screen the table scrolls inside its card, not the page. */}
          <Table caption="Recent deploys" hideCaption columns={['Project', 'Version', 'Environment', 'Status', 'When']} scrollLabel="Recent deploys table">
            {RECENT_DEPLOYS.map((deploy) => (
              <tr key={`${deploy.project}-${deploy.version}`}>
                <th scope="row">{deploy.project}</th>
                <td>{deploy.version}</td>
                <td>{deploy.environment}</td>
                <td>
                  <Badge tone={deploy.status === 'Active' ? 'success' : 'warning'}>{deploy.status}</Badge>
                </td>
                <td>{deploy.when}</td>
              </tr>
            ))}
          </Table>
        </StyledWide>
        <Card aria-labelledby="info-resources">
          <CardTitle id="info-resources">Resources</CardTitle>
          <StyledList>
            {RESOURCES.map((resource) => (
              <StyledRow key={resource.name}>
                <span>
                  {resource.name}
                  <br />
                  <StyledMuted>{resource.detail}</StyledMuted>
                </span>
                <strong>{resource.usage}</strong>
              </StyledRow>
            ))}
          </StyledList>
        </Card>
        <Card aria-labelledby="info-actions">
          <CardTitle id="info-actions">Quick Actions</CardTitle>
          <StyledList>
            {QUICK_ACTIONS.map((action) => (
              <li key={action.to}>
                <Link to={action.to}>{action.label}</Link>
                <br />
                <StyledMuted>{action.detail}</StyledMuted>
              </li>
            ))}
          </StyledList>
        </Card>
        <StyledWide aria-labelledby="info-updates">
          <CardTitle id="info-updates">Updates</CardTitle>
          <StyledList>
            {UPDATES.map((update) => (
              <li key={update.date}>
                <StyledMuted>{update.date}</StyledMuted>
                <br />
                <strong>{update.title}</strong>
                <br />
                {update.body}
              </li>
            ))}
          </StyledList>
        </StyledWide>
      </StyledGrid>
    </>
  );
}
