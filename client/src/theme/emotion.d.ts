import '@emotion/react';
import type { AppTheme } from './theme';

declare module '@emotion/react' {
  // The interface is the augmentation point emotion reads `theme` props from.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface Theme extends AppTheme {}
}
