export { theme, type AppTheme } from './theme';
export { GlobalStyles } from './GlobalStyles';
