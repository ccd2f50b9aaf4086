import type { PipelineStepIcon } from '../pipeline-view';

// 16×16 outline glyphs, one per spec icon name. Decorative: the step's label and status carry the meaning.
const PATHS: Record<PipelineStepIcon, string> = {
  code: 'M5 4 1 8l4 4M11 4l4 4-4 4M9 2 7 14',
  files: 'M4 1h5l3 3v9H4zM9 1v3h3M2 4v11h8',
  test: 'M6 1v5L2 13a1 1 0 0 0 1 2h10a1 1 0 0 0 1-2l-4-7V1M5 1h6M4 10h8',
  deploy: 'M8 1c3 2 4 5 3 9H5C4 6 5 3 8 1zM5 10l-2 3h3M11 10l2 3h-3M8 5v1',
  database: 'M2 3c0-2.7 12-2.7 12 0v10c0 2.7-12 2.7-12 0zM2 3c0 2.7 12 2.7 12 0M2 8c0 2.7 12 2.7 12 0',
  server: 'M2 2h12v5H2zM2 9h12v5H2zM4.5 4.5h1M4.5 11.5h1',
  config: 'M8 5.5a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5zM8 1v2M8 13v2M1 8h2M13 8h2M3 3l1.5 1.5M11.5 11.5 13 13M13 3l-1.5 1.5M4.5 11.5 3 13',
  cloud: 'M4.5 13a3.5 3.5 0 0 1-.4-7A4.5 4.5 0 0 1 12.8 6 3.5 3.5 0 0 1 12 13z',
};

/** A step's icon, hidden from assistive technology. */
export function StepIcon({ icon }: { icon?: PipelineStepIcon | null }) {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" data-icon={icon ?? 'none'}>
      <path d={PATHS[icon ?? 'config']} />
    </svg>
  );
}
