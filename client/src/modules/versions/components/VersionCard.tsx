import styled from '@emotion/styled';
import { canArchiveVersion, canDeployVersion, isBuildInProgress } from '@slipway/domain';
import type { VersionCardFragment } from '../../../generated/graphql';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { COPIED_MESSAGE } from '../../../ui/clipboard';
import { formatDateTime } from '../../projects/components/detail/project-format';
import { BUILD_STATUS_LABELS, BUILD_STATUS_TONES, VERSION_STATUS_LABELS, VERSION_STATUS_TONES } from '../version-list-params';
import { RUNNING_BUILD_PERCENT, buildDuration, shortCommit } from '../version-format';

const StyledCard = styled.article(({ theme }) => ({
  display: 'flex',
  flexDirection: 'column',
  gap: theme.spacing(3),
  padding: theme.spacing(5),
  background: theme.colors.surface,
  border: `1px solid ${theme.colors.border}`,
  borderRadius: theme.radii.lg,
  boxShadow: theme.shadows.card,
}));

const StyledHeader = styled.div(({ theme }) => ({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: theme.spacing(2) }));

const StyledTag = styled.h3(({ theme }) => ({ marginRight: theme.spacing(2), fontSize: theme.fontSizes.lg, overflowWrap: 'anywhere' }));

const StyledDescription = styled.p(({ theme }) => ({ margin: 0, color: theme.colors.textMuted, overflowWrap: 'anywhere' }));

const StyledFacts = styled.dl(({ theme }) => ({
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  gap: theme.spacing(1.5, 4),
  margin: 0,
  fontSize: theme.fontSizes.sm,
  '& dt': { color: theme.colors.textMuted },
  '& dd': { margin: 0, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: theme.spacing(2), overflowWrap: 'anywhere' },
}));

const StyledCode = styled.code(({ theme }) => ({ fontFamily: theme.fonts.mono }));

const StyledCopied = styled.span(({ theme }) => ({ color: theme.colors.success }));

const StyledArtifacts = styled.ul(({ theme }) => ({ display: 'flex', flexWrap: 'wrap', gap: theme.spacing(2), margin: 0, padding: 0, listStyle: 'none' }));

const StyledProgress = styled.div(({ theme }) => ({ display: 'flex', flexDirection: 'column', gap: theme.spacing(1.5), fontSize: theme.fontSizes.sm }));

const StyledTrack = styled.div(({ theme }) => ({ height: '8px', background: theme.colors.surfaceMuted, borderRadius: theme.radii.pill, overflow: 'hidden' }));

const StyledBar = styled.div(({ theme }) => ({ width: `${RUNNING_BUILD_PERCENT}%`, height: '100%', background: theme.colors.primary }));

const StyledActions = styled.div(({ theme }) => ({ display: 'flex', flexWrap: 'wrap', gap: theme.spacing(2) }));

/** Delete Version when the server refuses it: it stays in the tab order, with the reason as its description. */
const StyledRefusedButton = styled(Button)({ '&[aria-disabled="true"]': { opacity: 0.55, cursor: 'not-allowed' } });

const StyledRefusal = styled.p(({ theme }) => ({ margin: 0, fontSize: theme.fontSizes.sm, color: theme.colors.textMuted }));

export interface VersionCardProps {
  version: VersionCardFragment;
  /** The full commit hash was just copied from this card ('Copied to clipboard!' shows). */
  copied: boolean;
  onCopyCommit: (version: VersionCardFragment) => void;
  onDownloadArtifact: (version: VersionCardFragment, artifactId: string) => void;
  /** Opens the deployment strategy modal; without it the Deploy button shows (per spec section 4) but is disabled. */
  onDeploy?: (version: VersionCardFragment) => void;
  onViewLogs: (version: VersionCardFragment) => void;
  onArchive: (version: VersionCardFragment) => void;
  onRestore: (version: VersionCardFragment) => void;
  onDelete: (version: VersionCardFragment) => void;
  /** An archive, restore or delete of this version is under way. */
  busy: boolean;
}

/** One version: tag, status and build badges, branch, commit, build times, image, artifacts, dates and actions. */
export function VersionCard({ version, copied, onCopyCommit, onDownloadArtifact, onDeploy, onViewLogs, onArchive, onRestore, onDelete, busy }: VersionCardProps) {
  const duration = buildDuration(version.buildDurationSeconds);
  const label = `version ${version.versionTag}`;
  return (
    <StyledCard aria-label={`Version ${version.versionTag}`}>
      <StyledHeader>
        <StyledTag>{version.versionTag}</StyledTag>
        <Badge tone={VERSION_STATUS_TONES[version.status]}>{VERSION_STATUS_LABELS[version.status]}</Badge>
        <Badge tone={BUILD_STATUS_TONES[version.buildStatus]}>Build: {BUILD_STATUS_LABELS[version.buildStatus]}</Badge>
        {version.active && <Badge tone="success">Active</Badge>}
      </StyledHeader>
      {version.description && <StyledDescription>{version.description}</StyledDescription>}
      {isBuildInProgress(version.buildStatus) && (
        <StyledProgress>
          <span id={`build-progress-${version.id}`}>Build in progress...</span>
          <StyledTrack
            role="progressbar"
            aria-labelledby={`build-progress-${version.id}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={RUNNING_BUILD_PERCENT}
          >
            <StyledBar />
          </StyledTrack>
        </StyledProgress>
      )}
      <StyledFacts>
        <dt>Branch</dt>
        <dd>
          <StyledCode>{version.gitBranch}</StyledCode>
        </dd>
        {version.gitCommitSha && (
          <>
            <dt>Commit</dt>
            <dd>
              <StyledCode title={version.gitCommitSha}>{shortCommit(version.gitCommitSha)}</StyledCode>
              <Button size="sm" variant="ghost" onClick={() => onCopyCommit(version)} aria-label={`Copy commit hash of ${label}`}>
                Copy
              </Button>
              {copied && <StyledCopied role="status">{COPIED_MESSAGE}</StyledCopied>}
            </dd>
          </>
        )}
        {version.buildStartedAt && (
          <>
            <dt>Build started</dt>
            <dd>{formatDateTime(version.buildStartedAt)}</dd>
          </>
        )}
        {duration && (
          <>
            <dt>Build duration</dt>
            <dd>{duration}</dd>
          </>
        )}
        {version.dockerImageUrl && (
          <>
            <dt>Image</dt>
            <dd>
              {/^https?:\/\//.test(version.dockerImageUrl) ? (
                <a href={version.dockerImageUrl} target="_blank" rel="noreferrer">
                  {version.dockerImageUrl}
                </a>
              ) : (
                // A registry reference (host/name:tag) is no web address: a link would lead into this app.
                <StyledCode>{version.dockerImageUrl}</StyledCode>
              )}
            </dd>
          </>
        )}
        {version.artifacts.length > 0 && (
          <>
            <dt>Artifacts</dt>
            <dd>
              <StyledArtifacts>
                {version.artifacts.map((artifact) => (
                  <li key={artifact.id}>
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => onDownloadArtifact(version, artifact.id)}
                      aria-label={`Download ${artifact.type} artifact of ${label}`}
                    >
                      Download {artifact.type}
                    </Button>
                  </li>
                ))}
              </StyledArtifacts>
            </dd>
          </>
        )}
        <dt>Created</dt>
        <dd>{formatDateTime(version.createdAt)}</dd>
        <dt>Updated</dt>
        <dd>{formatDateTime(version.updatedAt)}</dd>
      </StyledFacts>
      <StyledActions>
        {canDeployVersion(version) && (
          <Button onClick={onDeploy && (() => onDeploy(version))} disabled={!onDeploy} aria-label={`Deploy ${label}`}>
            Deploy
          </Button>
        )}
        {(isBuildInProgress(version.buildStatus) || version.buildStartedAt || version.buildLog) && (
          <Button variant="secondary" onClick={() => onViewLogs(version)} aria-label={`View build logs of ${label}`}>
            View Build Logs
          </Button>
        )}
        {canArchiveVersion(version) ? (
          <Button variant="secondary" onClick={() => onArchive(version)} disabled={busy} aria-label={`Archive ${label}`}>
            Archive Version
          </Button>
        ) : (
          <Button variant="secondary" onClick={() => onRestore(version)} disabled={busy} aria-label={`Restore ${label}`}>
            Restore Version
          </Button>
        )}
        {version.deletionRefusal ? (
          <StyledRefusedButton variant="danger" aria-disabled="true" aria-describedby={`delete-refusal-${version.id}`} aria-label={`Delete ${label}`}>
            Delete Version
          </StyledRefusedButton>
        ) : (
          <Button variant="danger" onClick={() => onDelete(version)} disabled={busy} aria-label={`Delete ${label}`}>
            Delete Version
          </Button>
        )}
      </StyledActions>
      {version.deletionRefusal && <StyledRefusal id={`delete-refusal-${version.id}`}>{version.deletionRefusal}</StyledRefusal>}
    </StyledCard>
  );
}
