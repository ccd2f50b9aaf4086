import { usePipelineActions } from '../hooks/usePipelineActions';
import type { PipelineView } from '../pipeline-view';
import { PipelineTimeline } from './PipelineTimeline';

/** The project's timeline with working Retry and Cancel. */
export function ProjectPipelinePanel({ projectId, pipeline }: { projectId: string; pipeline: PipelineView | null }) {
  return <PipelineTimeline pipeline={pipeline} actions={usePipelineActions(projectId)} />;
}
