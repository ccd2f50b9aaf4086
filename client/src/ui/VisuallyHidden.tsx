import styled from '@emotion/styled';

/** Read by screen readers, not shown: a name that the layout already makes plain to sighted users. */
export const VisuallyHidden = styled.span({
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
});
