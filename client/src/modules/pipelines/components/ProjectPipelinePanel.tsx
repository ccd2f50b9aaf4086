import { useState } from 'react';
import type { PipelineStatusFieldsFragment } from '../../../generated/graphql';
import { usePipelineActions } from '../hooks/usePipelineActions';
import type { PipelineView } from '../pipeline-view';
import { BuildLogModal, type BuildLogVersion } from '../../versions/components/BuildLogModal';
import { CancelRunDialog } from './CancelRunDialog';
import { PipelineTimeline } from './PipelineTimeline';

export interface ProjectPipelinePanelProps {
  project: { id: string; name: string };
  pipeline: PipelineView | null;
  /** A cancel the server accepted, with the cancelled run. */
  onCancelled?: (run: PipelineStatusFieldsFragment) => void;
}

/**
 * The project's timeline with working Retry, Cancel after a confirmation that says what it will do, and its build
 * step's link to the (live) build log.
 */
export function ProjectPipelinePanel({ project, pipeline, onCancelled }: ProjectPipelinePanelProps) {
  const [confirming, setConfirming] = useState(false);
  const [buildLog, setBuildLog] = useState<BuildLogVersion | null>(null);
  const actions = usePipelineActions(project.id, onCancelled);
  return (
    <>
      <PipelineTimeline pipeline={pipeline} actions={{ ...actions, onCancel: () => setConfirming(true) }} onOpenBuildLog={setBuildLog} />
      {buildLog && <BuildLogModal projectId={project.id} version={buildLog} onClose={() => setBuildLog(null)} />}
      {confirming && pipeline && (
        <CancelRunDialog
          projectName={project.name}
          streamName={pipeline.streamName}
          busy={actions.busy}
          // Closed once the server answered: a refusal then shows in the timeline's banner.
          onConfirm={() => actions.onCancel(() => setConfirming(false))}
          onClose={() => setConfirming(false)}
        />
      )}
    </>
  );
}
