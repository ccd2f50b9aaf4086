import styled from '@emotion/styled';
import { cloneElement, useEffect, useId, useRef, useState, type ReactElement, type ReactNode } from 'react';

/** Spec section 9: a tooltip appears after 500 ms of hover or focus. */
export const TOOLTIP_DELAY_MS = 500;

const StyledAnchor = styled.span({ position: 'relative', display: 'inline-flex' });

const StyledBubble = styled.span(({ theme }) => ({
  position: 'absolute',
  bottom: `calc(100% + ${theme.spacing(2)})`,
  left: '50%',
  transform: 'translateX(-50%)',
  zIndex: theme.zIndex.tooltip,
  width: 'max-content',
  maxWidth: '260px',
  padding: theme.spacing(2, 3),
  color: theme.colors.textInverse,
  background: theme.colors.tooltip,
  borderRadius: theme.radii.sm,
  boxShadow: theme.shadows.tooltip,
  fontSize: theme.fontSizes.xs,
  lineHeight: theme.lineHeights.normal,
  textAlign: 'center',
  pointerEvents: 'none',
}));

export interface TooltipProps {
  content: ReactNode;
  /** One element; it gets aria-describedby while the tooltip shows. Make it focusable for keyboard users. */
  children: ReactElement<{ 'aria-describedby'?: string }>;
  delayMs?: number;
}

/** Shows `content` above its child after hovering or focusing it for `delayMs`; Escape hides it. */
export function Tooltip({ content, children, delayMs = TOOLTIP_DELAY_MS }: TooltipProps) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const cancel = () => clearTimeout(timer.current);
  const show = () => {
    cancel();
    timer.current = setTimeout(() => setVisible(true), delayMs);
  };
  const hide = () => {
    cancel();
    setVisible(false);
  };

  useEffect(() => cancel, []);

  return (
    <StyledAnchor
      onMouseEnter={show}
      onMouseLeave={hide}
      onFocus={show}
      onBlur={hide}
      onKeyDown={(event) => {
        if (event.key === 'Escape') hide();
      }}
    >
      {cloneElement(children, { 'aria-describedby': visible ? id : undefined })}
      {visible && (
        <StyledBubble role="tooltip" id={id}>
          {content}
        </StyledBubble>
      )}
    </StyledAnchor>
  );
}
