import styled from '@emotion/styled';
import { useTheme } from '@emotion/react';
import { DEFAULT_METRICS_RANGE, METRICS_RANGES } from '@slipway/domain';
import { useId, useState } from 'react';
import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { apiErrorMessage } from '../../../app/apollo/error-message';
import type { DeploymentCardFragment, DeploymentMetricsQuery } from '../../../generated/graphql';
import { useDeploymentMetricsQuery } from '../../../generated/hooks';
import { Button } from '../../../ui/Button';
import { ErrorBanner } from '../../../ui/ErrorBanner';
import { controlStyles } from '../../../ui/fields/FieldShell';
import { LoadingText } from '../../../ui/Loading';
import { Modal } from '../../../ui/Modal';

type Metrics = DeploymentMetricsQuery['deployment']['metrics'];

/** The charts' drawing size; the frame scrolls sideways on a narrower screen. */
const CHART_WIDTH = 680;
const CHART_HEIGHT = 200;
const MB = 1024 * 1024;

const StyledToolbar = styled.div(({ theme }) => ({ display: 'flex', flexWrap: 'wrap', alignItems: 'end', gap: theme.spacing(3), marginBottom: theme.spacing(4) }));

const StyledControl = styled.div(({ theme }) => ({ display: 'flex', flexDirection: 'column', gap: theme.spacing(1.5) }));

const StyledLabel = styled.label(({ theme }) => ({ fontSize: theme.fontSizes.sm, fontWeight: theme.fontWeights.medium }));

const StyledSelect = styled('select')(({ theme }) => ({ ...controlStyles({ theme, invalid: false }), width: 'auto' }));

const StyledFigure = styled.figure(({ theme }) => ({ margin: theme.spacing(0, 0, 5), overflowX: 'auto' }));

const StyledCaption = styled.figcaption(({ theme }) => ({ marginBottom: theme.spacing(2), fontWeight: theme.fontWeights.bold }));

const StyledSummary = styled.dl(({ theme }) => ({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))',
  gap: theme.spacing(3),
  margin: theme.spacing(0, 0, 5),
  '& div': { padding: theme.spacing(2, 3), background: theme.colors.surfaceMuted, borderRadius: theme.radii.md },
  '& dt': { color: theme.colors.textMuted, fontSize: theme.fontSizes.xs },
  '& dd': { margin: 0, fontWeight: theme.fontWeights.bold },
}));

const StyledNote = styled.p(({ theme }) => ({ margin: theme.spacing(0, 0, 5), color: theme.colors.textMuted, fontSize: theme.fontSizes.sm }));

const timeOf = (iso: string) => new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
const round = (value: number | null | undefined, digits = 1) => (value === null || value === undefined ? null : Number(value.toFixed(digits)));

/** The points as chart rows: rates per second, error share in percent, memory in MB. */
export function chartRows(metrics: Metrics) {
  return metrics.points.map((point) => ({
    time: timeOf(point.at),
    requestRate: round(point.requestRate, 2),
    errorPercent: round(point.errorRate * 100, 2),
    p95Ms: round(point.p95Ms),
    cpuPercent: round(point.cpuPercent),
    memoryMb: round(point.memoryBytes === null || point.memoryBytes === undefined ? null : point.memoryBytes / MB),
  }));
}

/** The newest bucket's figures, as text: what the charts show, for anyone who cannot see them. */
function LatestFigures({ metrics }: { metrics: Metrics }) {
  const latest = chartRows(metrics).at(-1);
  const show = (value: number | null | undefined, unit: string) => (value === null || value === undefined ? 'No data' : `${value} ${unit}`);
  return (
    <section aria-label="Latest figures">
      <StyledSummary>
      <div>
        <dt>Request rate</dt>
        <dd>{show(latest?.requestRate, 'req/s')}</dd>
      </div>
      <div>
        <dt>Error rate</dt>
        <dd>{show(latest?.errorPercent, '%')}</dd>
      </div>
      <div>
        <dt>p95 latency</dt>
        <dd>{show(latest?.p95Ms, 'ms')}</dd>
      </div>
      <div>
        <dt>CPU</dt>
        <dd>{show(latest?.cpuPercent, '%')}</dd>
      </div>
      <div>
        <dt>Memory</dt>
        <dd>{show(latest?.memoryMb, 'MB')}</dd>
      </div>
      </StyledSummary>
      {metrics.instancesUnavailableReason && <StyledNote role="note">{metrics.instancesUnavailableReason}</StyledNote>}
    </section>
  );
}

interface SeriesChartProps {
  title: string;
  rows: ReturnType<typeof chartRows>;
  series: { key: keyof ReturnType<typeof chartRows>[number]; name: string; color: string }[];
}

function SeriesChart({ title, rows, series }: SeriesChartProps) {
  const theme = useTheme();
  return (
    <StyledFigure>
      <StyledCaption>{title}</StyledCaption>
      <LineChart width={CHART_WIDTH} height={CHART_HEIGHT} data={rows} title={title} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
        <CartesianGrid stroke={theme.colors.border} strokeDasharray="3 3" />
        <XAxis dataKey="time" stroke={theme.colors.textMuted} fontSize={12} minTickGap={24} />
        <YAxis stroke={theme.colors.textMuted} fontSize={12} width={48} />
        <Tooltip />
        <Legend />
        {series.map((item) => (
          <Line key={item.key} type="monotone" dataKey={item.key} name={item.name} stroke={item.color} dot={false} isAnimationActive={false} connectNulls />
        ))}
      </LineChart>
    </StyledFigure>
  );
}

export interface DeploymentMetricsDialogProps {
  deployment: DeploymentCardFragment;
  onClose: () => void;
}

/**
 * A deployment's metrics over a range (spec section 9: 5m first): request and error rate, p95 latency, CPU and
 * memory, as charts plus the newest figures in text. Mount it to open it.
 */
export function DeploymentMetricsDialog({ deployment, onClose }: DeploymentMetricsDialogProps) {
  const theme = useTheme();
  const id = useId();
  const [range, setRange] = useState(DEFAULT_METRICS_RANGE);
  const { data, previousData, loading, error, refetch } = useDeploymentMetricsQuery({
    variables: { id: deployment.id, range },
    fetchPolicy: 'network-only',
    notifyOnNetworkStatusChange: true,
  });
  const metrics = (data ?? previousData)?.deployment.metrics;
  const rows = metrics ? chartRows(metrics) : [];
  return (
    <Modal isOpen onClose={onClose} title={`Metrics: ${deployment.environment} ${deployment.version?.versionTag ?? ''}`.trim()} size="lg">
      <StyledToolbar>
        <StyledControl>
          <StyledLabel htmlFor={`${id}-range`}>Range</StyledLabel>
          <StyledSelect id={`${id}-range`} value={range} onChange={(event) => setRange(event.target.value)}>
            {Object.keys(METRICS_RANGES).map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </StyledSelect>
        </StyledControl>
        <Button variant="secondary" onClick={() => void refetch().catch(() => undefined)} disabled={loading}>
          Refresh
        </Button>
      </StyledToolbar>
      {error && <ErrorBanner message={apiErrorMessage(error, 'Failed to load metrics')} onRetry={() => void refetch().catch(() => undefined)} />}
      {!metrics && loading && <LoadingText>Loading metrics...</LoadingText>}
      {metrics && (
        <div aria-busy={loading}>
          <LatestFigures metrics={metrics} />
          {rows.length === 0 ? (
            <p>No requests or samples in this range yet.</p>
          ) : (
            <>
              <SeriesChart
                title="Requests (req/s) and errors (%)"
                rows={rows}
                series={[
                  { key: 'requestRate', name: 'Request rate (req/s)', color: theme.colors.primary },
                  { key: 'errorPercent', name: 'Error rate (%)', color: theme.colors.danger },
                ]}
              />
              <SeriesChart title="p95 latency (ms)" rows={rows} series={[{ key: 'p95Ms', name: 'p95 latency (ms)', color: theme.colors.info }]} />
              <SeriesChart
                title="CPU (%) and memory (MB)"
                rows={rows}
                series={[
                  { key: 'cpuPercent', name: 'CPU (%)', color: theme.colors.success },
                  { key: 'memoryMb', name: 'Memory (MB)', color: theme.colors.warning },
                ]}
              />
            </>
          )}
        </div>
      )}
    </Modal>
  );
}
