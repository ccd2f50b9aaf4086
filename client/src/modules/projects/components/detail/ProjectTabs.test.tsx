import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, signedIn } from '../../../../test/render';
import { ProjectTabs, type ProjectTab } from './ProjectTabs';

type Key = 'overview' | 'versions' | 'deployments';

const TABS: ProjectTab<Key>[] = [
  { key: 'overview', label: 'Overview' },
  { key: 'versions', label: 'Versions' },
  { key: 'deployments', label: 'Deployments' },
];

function Harness() {
  const [selected, setSelected] = useState<Key>('overview');
  return (
    <ProjectTabs label="Project sections" tabs={TABS} selected={selected} onSelect={setSelected}>
      <p>{selected} content</p>
    </ProjectTabs>
  );
}

const setup = () => renderWithProviders(<Harness />, { auth: signedIn() });

function expectSelected(label: string) {
  const tab = screen.getByRole('tab', { name: label });
  expect(tab).toHaveAttribute('aria-selected', 'true');
  expect(tab).toHaveAttribute('tabindex', '0');
  expect(tab).toHaveFocus();
  for (const other of screen.getAllByRole('tab').filter((t) => t !== tab)) {
    expect(other).toHaveAttribute('aria-selected', 'false');
    expect(other).toHaveAttribute('tabindex', '-1');
  }
  const panel = screen.getByRole('tabpanel');
  expect(panel).toHaveAccessibleName(label);
  expect(tab).toHaveAttribute('aria-controls', panel.id);
}

describe('ProjectTabs', () => {
  it('renders a labelled tablist whose selected tab labels the one panel', () => {
    setup();
    expect(screen.getByRole('tablist', { name: 'Project sections' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Overview', 'Versions', 'Deployments']);
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Overview' })).toHaveTextContent('overview content');
  });

  it('moves and selects with ArrowRight and ArrowLeft, wrapping at both ends', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('tab', { name: 'Overview' }));
    await user.keyboard('{ArrowRight}');
    expectSelected('Versions');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('versions content');
    await user.keyboard('{ArrowRight}');
    expectSelected('Deployments');
    await user.keyboard('{ArrowRight}');
    expectSelected('Overview');
    await user.keyboard('{ArrowLeft}');
    expectSelected('Deployments');
    await user.keyboard('{ArrowLeft}');
    expectSelected('Versions');
  });

  it('jumps to the first and last tab with Home and End', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('tab', { name: 'Versions' }));
    await user.keyboard('{End}');
    expectSelected('Deployments');
    await user.keyboard('{Home}');
    expectSelected('Overview');
  });

  it('selects the focused tab with Enter and with Space', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('tab', { name: 'Overview' }));
    screen.getByRole('tab', { name: 'Deployments' }).focus();
    await user.keyboard('{Enter}');
    expectSelected('Deployments');
    screen.getByRole('tab', { name: 'Versions' }).focus();
    await user.keyboard(' ');
    expectSelected('Versions');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('versions content');
  });

  it('is reached with Tab on the selected tab only, then the panel', async () => {
    const { user } = setup();
    await user.tab();
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('tabpanel')).toHaveFocus();
  });
});
