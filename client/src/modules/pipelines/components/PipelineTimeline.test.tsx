import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, signedIn } from '../../../test/render';
import { PIPELINE_NOW, testPipeline, testStep } from '../pipeline.fixtures';
import type { PipelineView } from '../pipeline-view';
import { PipelineTimeline, type PipelineActions } from './PipelineTimeline';

const renderTimeline = (pipeline: PipelineView | null, actions?: PipelineActions) =>
  renderWithProviders(<PipelineTimeline pipeline={pipeline} actions={actions} />, { auth: signedIn() });

function testActions(overrides: Partial<PipelineActions> = {}): PipelineActions {
  return { onRetry: vi.fn(), onCancel: vi.fn(), busy: false, error: null, onDismissError: vi.fn(), ...overrides };
}

const stepItems = () => within(screen.getByRole('list', { name: /steps$/ })).getAllByRole('listitem').filter((item) => item.dataset.step);
const stepItem = (name: string) => stepItems().find((item) => item.dataset.step === name)!;

describe('PipelineTimeline', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: Date.parse(PIPELINE_NOW), toFake: ['Date'] });
  });
  afterEach(() => vi.useRealTimers());

  it("says 'No active streams found for this project' without a run", () => {
    renderTimeline(null);
    expect(screen.getByRole('region', { name: 'Pipeline' })).toHaveTextContent('No active streams found for this project');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it.each([
    ['project_creation', 'Project Creation', 15],
    ['project_deletion', 'Project Deletion', 5],
    ['deployment', 'Deployment Pipeline', 15],
  ])('titles a %s run %s', (streamName, title, total) => {
    renderTimeline(testPipeline({ streamName, completed: 1, running: true }));
    expect(screen.getByRole('region', { name: title })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    expect(stepItems()).toHaveLength(total);
  });

  it('announces the counts, percent and overall status politely in one summary', () => {
    renderTimeline(testPipeline({ completed: 7, running: true }));
    const summary = screen.getByRole('status');
    expect(summary).toHaveAttribute('aria-live', 'polite');
    expect(summary).toHaveTextContent('7 of 15 steps completed');
    expect(summary).toHaveTextContent('47%');
    expect(summary).toHaveTextContent('Running');
    expect(screen.getAllByRole('status')).toHaveLength(1);
    const bar = screen.getByRole('progressbar', { name: 'Project Creation progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '47');
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    expect(bar.firstElementChild).toHaveStyle({ width: '47%' });
  });

  it('draws the bar at least 8 percent wide while reporting the true value', () => {
    renderTimeline(testPipeline({ completed: 0, running: true }));
    const bar = screen.getByRole('progressbar');
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    expect(bar.firstElementChild).toHaveStyle({ width: '8%' });
    expect(screen.getByRole('status')).toHaveTextContent('0 of 15 steps completed');
  });

  it('shows each step with label, description, status, timeline state and time', () => {
    renderTimeline(testPipeline({ completed: 4, running: true }));
    const done = stepItem('validate-request');
    expect(done).toHaveTextContent('Validate Request');
    expect(done).toHaveTextContent('Validate Request description');
    expect(done).toHaveTextContent('Completed');
    expect(done).toHaveAttribute('data-status', 'completed');
    expect(done).toHaveTextContent('15 min ago');
    expect(stepItem('build-model')).toHaveTextContent('12 min ago');
    expect(stepItem('persist-project')).toHaveTextContent('Save Project');
    expect(stepItem('persist-project')).toHaveAttribute('data-status', 'in_progress');
    expect(stepItem('persist-project')).toHaveTextContent('In progress');
    expect(stepItem('persist-project')).toHaveAttribute('aria-current', 'step');
    expect(stepItem('setup-github-repo')).toHaveAttribute('data-status', 'not_completed');
    expect(stepItem('setup-github-repo')).toHaveTextContent('Pending');
    expect(stepItem('setup-github-repo').querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });

  it("shows 'Just now' under a minute and 'Nh ago' after an hour", () => {
    const base = testPipeline({ completed: 0 });
    const now = Date.parse(PIPELINE_NOW);
    const processors = [
      testStep({ processorName: 'a', label: 'A', status: 'completed', completedAt: new Date(now - 30_000).toISOString() }),
      testStep({ processorName: 'b', label: 'B', status: 'skipped', completedAt: new Date(now - 3 * 3_600_000).toISOString() }),
    ];
    renderTimeline({ ...base, processors });
    expect(stepItem('a')).toHaveTextContent('Just now');
    expect(stepItem('b')).toHaveTextContent('3h ago');
    expect(stepItem('b')).toHaveTextContent('Skipped');
    expect(stepItem('b')).toHaveAttribute('data-status', 'not_completed');
  });

  it('shows a failed step as done with a failed mark and its error message', () => {
    renderTimeline(testPipeline({ completed: 5, failed: true }));
    const failed = stepItem('setup-github-repo');
    expect(failed).toHaveAttribute('data-status', 'completed');
    expect(failed).toHaveAttribute('data-failed');
    expect(failed).toHaveTextContent('✕');
    expect(failed).toHaveTextContent('Failed');
    expect(failed).toHaveTextContent('Repository already exists');
    expect(screen.getByRole('status')).toHaveTextContent('Failed');
    expect(failed).not.toHaveAttribute('aria-current');
  });

  it('lists substeps with name, status and description', () => {
    const base = testPipeline({ completed: 0, running: true });
    const substeps = [
      { __typename: 'PipelineSubstep' as const, name: 'Clone template', status: 'completed' as const, description: 'static-site copied' },
      { __typename: 'PipelineSubstep' as const, name: 'Render files', status: 'running' as const, description: 'index.html' },
    ];
    renderTimeline({ ...base, processors: [testStep({ processorName: 'generate-template', label: 'Generate Template', status: 'running', substeps })] });
    const list = screen.getByRole('list', { name: 'Generate Template substeps' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Clone template');
    expect(items[0]).toHaveTextContent('Completed');
    expect(items[0]).toHaveTextContent('static-site copied');
    expect(items[1]).toHaveTextContent('Render files');
    expect(items[1]).toHaveTextContent('In progress');
  });

  it('scrolls the running step into view', () => {
    const scrollIntoView = vi.fn();
    window.HTMLElement.prototype.scrollIntoView = scrollIntoView;
    try {
      renderTimeline(testPipeline({ completed: 2, running: true }));
      expect(scrollIntoView).toHaveBeenCalledTimes(1);
      expect(scrollIntoView.mock.contexts[0]).toBe(stepItem('validate-github'));
    } finally {
      delete (window.HTMLElement.prototype as Partial<HTMLElement>).scrollIntoView;
    }
  });

  it('offers Cancel on a running run and Retry on a failed one, and calls them', async () => {
    const actions = testActions();
    const running = renderTimeline(testPipeline({ completed: 2, running: true }), actions);
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    await running.user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(actions.onCancel).toHaveBeenCalledTimes(1);
    running.unmount();

    const { user } = renderTimeline(testPipeline({ completed: 2, failed: true }), actions);
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    screen.getByRole('button', { name: 'Retry' }).focus();
    await user.keyboard('{Enter}');
    expect(actions.onRetry).toHaveBeenCalledTimes(1);
  });

  it('offers neither on a finished run, and disables them while one is under way', () => {
    const finished = renderTimeline(testPipeline({ completed: 15 }), testActions());
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    finished.unmount();
    renderTimeline(testPipeline({ completed: 1, failed: true }), testActions({ busy: true }));
    expect(screen.getByRole('button', { name: 'Retry' })).toBeDisabled();
  });

  it('shows a failed retry or cancel in the error banner, dismissable', async () => {
    const actions = testActions({ error: 'Nothing to retry' });
    const { user } = renderTimeline(testPipeline({ completed: 1, failed: true }), actions);
    expect(screen.getByRole('alert')).toHaveTextContent('Nothing to retry');
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(actions.onDismissError).toHaveBeenCalledTimes(1);
  });

  it("shows each step's duration and the run's, with absolute times on hover and for screen readers", () => {
    renderTimeline(testPipeline({ completed: 3, running: true }));
    expect(within(stepItem('validate-request')).getByTestId('step-duration')).toHaveTextContent('Took 1m');
    expect(within(stepItem('build-model')).getByTestId('step-duration')).toHaveTextContent('Running for 13m');
    expect(within(stepItem('persist-project')).queryByTestId('step-duration')).not.toBeInTheDocument();
    const run = screen.getByTestId('run-duration');
    expect(run).toHaveTextContent('Running for 16m');
    const finished = stepItem('validate-request').querySelector('time')!;
    const absolute = new Date(Date.parse(PIPELINE_NOW) - 15 * 60_000).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
    expect(finished).toHaveAttribute('title', absolute);
    expect(finished).toHaveTextContent(`15 min ago (${absolute})`);
  });

  it('shows a failed run in its own colour and with how long it took, not as running', () => {
    renderTimeline(testPipeline({ completed: 5, failed: true }));
    expect(screen.getByTestId('run-duration')).toHaveTextContent('Took 6m');
    expect(screen.getByTestId('run-duration')).toHaveTextContent('Failed 10 min ago');
    const bar = screen.getByRole('progressbar').firstElementChild!;
    expect(bar).toHaveAttribute('data-status', 'failed');
    // The theme's danger red, not the running blue.
    expect(getComputedStyle(bar).backgroundColor).toBe('rgb(185, 28, 28)');
  });

  it('says where a provider-named step ran, keeping its label', () => {
    const pipeline = testPipeline({ completed: 3, running: true });
    const processors = pipeline.processors.map((step) =>
      step.processorName === 'validate-request' ? { ...step, ranOn: 'the local cluster' } : step,
    );
    renderTimeline({ ...pipeline, processors });
    expect(stepItem('validate-request')).toHaveTextContent('Validate Request — ran on the local cluster');
    expect(stepItem('validate-github')).not.toHaveTextContent('ran on');
  });

  it("links the run's build step to the version's build log", () => {
    const onOpenBuildLog = vi.fn();
    const pipeline = { ...testPipeline({ completed: 11, running: true }), buildVersion: { id: 'version-1', versionTag: 'v0.1.0', buildStatus: 'running' as const } };
    renderWithProviders(<PipelineTimeline pipeline={pipeline} onOpenBuildLog={onOpenBuildLog} />, { auth: signedIn() });
    const link = within(stepItem('check-github-version-build')).getByRole('button', { name: 'View live build log of v0.1.0' });
    link.click();
    expect(onOpenBuildLog).toHaveBeenCalledWith(pipeline.buildVersion);
    expect(within(stepItem('check-docker')).queryByRole('button')).not.toBeInTheDocument();
  });
});
