import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, signedIn } from '../test/render';
import { Modal, type ModalSize } from './Modal';

function Harness({ dismissible, size, initiallyOpen = true }: { dismissible?: boolean; size?: ModalSize; initiallyOpen?: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <>
      <p>{open ? 'open' : 'closed'}</p>
      <button type="button">behind</button>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Modal
        isOpen={open}
        onClose={() => setOpen(false)}
        title="Delete Project?"
        dismissible={dismissible}
        size={size}
        footer={<button type="button">last</button>}
      >
        <button type="button">inside</button>
      </Modal>
    </>
  );
}

const setup = (props: { dismissible?: boolean; size?: ModalSize; initiallyOpen?: boolean } = {}) => renderWithProviders(<Harness {...props} />, { auth: signedIn() });

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

  it('keeps Tab and Shift+Tab inside the dialog', async () => {
    const { user } = setup();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'inside' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'last' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'last' })).toHaveFocus();
  });

  it('returns focus to the button that opened it when it closes', async () => {
    const { user } = setup({ initiallyOpen: false });
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('dialog')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it.each(['sm', 'md', 'lg', 'xl', 'full'] as const)('supports size %s', (size) => {
    setup({ size });
    expect(screen.getByRole('dialog')).toHaveAttribute('data-size', size);
  });
});
