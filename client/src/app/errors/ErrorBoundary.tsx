import styled from '@emotion/styled';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '../../ui/Button';

const StyledFallback = styled.div(({ theme }) => ({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: theme.spacing(3),
  maxWidth: '640px',
  margin: `${theme.spacing(10)} auto`,
  padding: theme.spacing(6),
  background: theme.colors.surface,
  border: `1px solid ${theme.colors.border}`,
  borderRadius: theme.radii.lg,
}));

const StyledMessage = styled.p(({ theme }) => ({ margin: 0, color: theme.colors.textMuted, overflowWrap: 'anywhere' }));

const StyledActions = styled.div(({ theme }) => ({ display: 'flex', gap: theme.spacing(2) }));

interface ErrorBoundaryProps {
  children: ReactNode;
  /** When this value changes (e.g. the route), a shown error is cleared and the children render again. */
  resetKey?: unknown;
}

interface ErrorBoundaryState {
  error: Error | null;
}

/** Catches render errors below it: 'Something went wrong', the message, Try Again and Reload Page. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  state: ErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error: error instanceof Error ? error : new Error('') };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Render error', error, info.componentStack);
  }

  componentDidUpdate(previous: ErrorBoundaryProps) {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  private readonly tryAgain = () => this.setState({ error: null });

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <StyledFallback role="alert">
        <h2>Something went wrong</h2>
        <StyledMessage>{error.message || 'An unexpected error occurred'}</StyledMessage>
        <StyledActions>
          <Button onClick={this.tryAgain}>Try Again</Button>
          <Button variant="secondary" onClick={() => window.location.reload()}>
            Reload Page
          </Button>
        </StyledActions>
      </StyledFallback>
    );
  }
}
