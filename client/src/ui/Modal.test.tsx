import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, signedIn } from '../test/render';
import { Modal, type ModalSize } from './Modal';

function Harness({ dismissible, size }: { dismissible?: boolean; size?: ModalSize }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <p>{open ? 'open' : 'closed'}</p>
      <Modal isOpen={open} onClose={() => setOpen(false)} title="Delete Project?" dismissible={dismissible} size={size}>
        <button type="button">inside</button>
      </Modal>
    </>
  );
}

const setup = (props: { dismissible?: boolean; size?: ModalSize } = {}) => renderWithProviders(<Harness {...props} />, { auth: signedIn() });

describe('Modal', () => {
  it('renders a labelled dialog and focuses it', () => {
    setup();
    const dialog = screen.getByRole('dialog', { name: 'Delete Project?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveFocus();
  });

  it('closes on Escape', async () => {
    const { user } = setup();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('closed')).toBeInTheDocument();
  });

  it('closes on an overlay click but not on a click inside', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'inside' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(screen.getByTestId('modal-overlay'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes with its close button', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByText('closed')).toBeInTheDocument();
  });

  it('stays open on Escape and overlay click when not dismissible, and has no close button', async () => {
    const { user } = setup({ dismissible: false });
    await user.keyboard('{Escape}');
    await user.click(screen.getByTestId('modal-overlay'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
  });

  it.each(['sm', 'md', 'lg', 'xl', 'full'] as const)('supports size %s', (size) => {
    setup({ size });
    expect(screen.getByRole('dialog')).toHaveAttribute('data-size', size);
  });
});
