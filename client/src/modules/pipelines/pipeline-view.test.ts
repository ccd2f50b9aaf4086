import { describe, expect, it } from 'vitest';
import { currentStep, displayedProgress, isBeingDeleted, isDeleted, relativeTime, stepTime, timelineStepStatus } from './pipeline-view';
import { testPipeline, testStep } from './pipeline.fixtures';

const NOW = Date.parse('2026-03-01T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('timeline view rules (spec sections 2, 4 and 9)', () => {
  it('maps processor states to completed, in_progress and not_completed; failed steps are done, skipped ones not', () => {
    expect(timelineStepStatus('completed')).toBe('completed');
    expect(timelineStepStatus('failed')).toBe('completed');
    expect(timelineStepStatus('skipped')).toBe('not_completed');
    expect(timelineStepStatus('running')).toBe('in_progress');
    expect(timelineStepStatus('pending')).toBe('not_completed');
  });

  it('shows at least 8 percent progress and never more than 100', () => {
    expect(displayedProgress(0)).toBe(8);
    expect(displayedProgress(7)).toBe(8);
    expect(displayedProgress(8)).toBe(8);
    expect(displayedProgress(47)).toBe(47);
    expect(displayedProgress(100)).toBe(100);
  });

  it("says 'Just now' under a minute, 'N min ago' under an hour, then 'Nh ago'", () => {
    expect(relativeTime(ago(0), NOW)).toBe('Just now');
    expect(relativeTime(ago(59_999), NOW)).toBe('Just now');
    expect(relativeTime(ago(60_000), NOW)).toBe('1 min ago');
    expect(relativeTime(ago(59 * 60_000 + 59_999), NOW)).toBe('59 min ago');
    expect(relativeTime(ago(60 * 60_000), NOW)).toBe('1h ago');
    expect(relativeTime(ago(49 * 60 * 60_000), NOW)).toBe('49h ago');
    expect(relativeTime(new Date(NOW + 5_000).toISOString(), NOW)).toBe('Just now');
  });

  it("gives a running step 'In progress', a pending one 'Pending', a finished one when it finished", () => {
    expect(stepTime(testStep({ status: 'running', updatedAt: ago(600_000) }), NOW)).toBe('In progress');
    expect(stepTime(testStep({ status: 'pending' }), NOW)).toBe('Pending');
    expect(stepTime(testStep({ status: 'completed', completedAt: ago(5 * 60_000), updatedAt: ago(0) }), NOW)).toBe('5 min ago');
    expect(stepTime(testStep({ status: 'failed', completedAt: null, updatedAt: ago(2 * 3_600_000) }), NOW)).toBe('2h ago');
  });

  it('takes the running step as the current one, else the first pending one', () => {
    const running = testPipeline({ completed: 3, running: true });
    expect(currentStep(running)?.processorName).toBe('build-model');
    const waiting = testPipeline({ completed: 3, running: false });
    expect(currentStep(waiting)?.processorName).toBe('build-model');
    expect(currentStep(testPipeline({ completed: 15 }))).toBeUndefined();
  });

  it('tells a project being deleted (running project_deletion) from one whose deletion completed', () => {
    const deleting = testPipeline({ streamName: 'project_deletion', completed: 1, running: true });
    expect(isBeingDeleted(deleting)).toBe(true);
    expect(isDeleted(deleting)).toBe(false);
    const deleted = testPipeline({ streamName: 'project_deletion', completed: 5 });
    expect(isBeingDeleted(deleted)).toBe(false);
    expect(isDeleted(deleted)).toBe(true);
    expect(isBeingDeleted(testPipeline({ completed: 1, running: true }))).toBe(false);
    expect(isDeleted(testPipeline({ completed: 15 }))).toBe(false);
    expect(isBeingDeleted(null)).toBe(false);
    expect(isDeleted(testPipeline({ streamName: 'project_deletion', completed: 1, failed: true }))).toBe(false);
  });
});
