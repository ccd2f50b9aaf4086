import styled from '@emotion/styled';
import { createFocusTrap } from 'focus-trap';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { AppTheme } from '../theme/theme';
import { Button } from './Button';

export type ModalSize = keyof AppTheme['modalWidths'];

const StyledOverlay = styled.div(({ theme }) => ({
  position: 'fixed',
  inset: 0,
  zIndex: theme.zIndex.modal,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: theme.spacing(4),
  background: theme.colors.overlay,
}));

const StyledDialog = styled('div', { shouldForwardProp: (prop) => prop !== 'size' })<{ size: ModalSize }>(({ theme, size }) => ({
  display: 'flex',
  flexDirection: 'column',
  width: theme.modalWidths[size],
  maxWidth: '100%',
  maxHeight: size === 'full' ? 'calc(100vh - 32px)' : '90vh',
  height: size === 'full' ? 'calc(100vh - 32px)' : undefined,
  background: theme.colors.surface,
  borderRadius: theme.radii.lg,
  boxShadow: theme.shadows.modal,
  outline: 'none',
}));

const StyledHeader = styled.div(({ theme }) => ({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: theme.spacing(3),
  padding: theme.spacing(4, 5),
  borderBottom: `1px solid ${theme.colors.border}`,
}));

const StyledTitle = styled.h2(({ theme }) => ({ fontSize: theme.fontSizes.lg }));

const StyledBody = styled.div(({ theme }) => ({ padding: theme.spacing(5), overflowY: 'auto', flex: 1 }));

const StyledFooter = styled.div(({ theme }) => ({
  display: 'flex',
  justifyContent: 'flex-end',
  gap: theme.spacing(2),
  padding: theme.spacing(4, 5),
  borderTop: `1px solid ${theme.colors.border}`,
}));

export interface ModalProps {
  isOpen: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  size?: ModalSize;
  /** false: Escape, the overlay and the close button do nothing (e.g. while a request runs, or a required step). */
  dismissible?: boolean;
}

/** A dialog over the page; closes on Escape and overlay click unless `dismissible` is false. */
export function Modal({ isOpen, onClose, title, children, footer, size = 'md', dismissible = true }: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);

  // Tab and Shift+Tab stay inside the dialog; on close, focus returns to whatever had it when the dialog opened
  // (the button that opened it). Escape and outside clicks are this component's own business (see `dismissible`).
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!isOpen || !dialog) return;
    const trap = createFocusTrap(dialog, {
      // A field inside that took focus itself (autoFocus) keeps it; otherwise the dialog is focused.
      initialFocus: () => (dialog.contains(document.activeElement) ? (document.activeElement as HTMLElement) : dialog),
      fallbackFocus: dialog,
      delayInitialFocus: false,
      escapeDeactivates: false,
      allowOutsideClick: true,
      returnFocusOnDeactivate: true,
    });
    trap.activate();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      trap.deactivate();
    };
  }, [isOpen]);

  useEffect(() => {
    if (!isOpen || !dismissible) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isOpen, dismissible, onClose]);

  if (!isOpen) return null;

  return createPortal(
    <StyledOverlay
      data-testid="modal-overlay"
      onClick={(event) => {
        if (dismissible && event.target === event.currentTarget) onClose();
      }}
    >
      <StyledDialog ref={dialogRef} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} size={size} data-size={size}>
        <StyledHeader>
          <StyledTitle id={titleId}>{title}</StyledTitle>
          {dismissible && (
            <Button variant="ghost" size="sm" onClick={onClose} aria-label="Close">
              ×
            </Button>
          )}
        </StyledHeader>
        <StyledBody>{children}</StyledBody>
        {footer && <StyledFooter>{footer}</StyledFooter>}
      </StyledDialog>
    </StyledOverlay>,
    document.body,
  );
}
