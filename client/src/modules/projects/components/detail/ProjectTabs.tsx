import styled from '@emotion/styled';
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface ProjectTab<K extends string> {
  key: K;
  label: string;
}

const StyledTabList = styled.div(({ theme }) => ({
  display: 'flex',
  // Never wider than the page (a phone, a large font): tabs that do not fit go to a second row.
  flexWrap: 'wrap',
  gap: theme.spacing(1),
  marginBottom: theme.spacing(5),
  borderBottom: `1px solid ${theme.colors.border}`,
}));

const StyledTab = styled('button', { shouldForwardProp: (prop) => prop !== 'selected' })<{ selected: boolean }>(({ theme, selected }) => ({
  padding: theme.spacing(2.5, 4),
  marginBottom: '-1px',
  fontSize: theme.fontSizes.md,
  fontWeight: selected ? theme.fontWeights.bold : theme.fontWeights.medium,
  color: selected ? theme.colors.primary : theme.colors.textMuted,
  background: 'none',
  border: 'none',
  borderBottom: `2px solid ${selected ? theme.colors.primary : 'transparent'}`,
  cursor: 'pointer',
  '&:focus-visible': { outline: `2px solid ${theme.colors.focus}`, outlineOffset: '-2px' },
  // The three tabs fit one row of a 375 px screen.
  [theme.breakpoints.sm]: { padding: theme.spacing(2.5, 3) },
}));

export interface ProjectTabsProps<K extends string> {
  label: string;
  tabs: readonly ProjectTab<K>[];
  selected: K;
  onSelect: (key: K) => void;
  /** The selected tab's panel. */
  children: ReactNode;
}

/**
 * WAI-ARIA tabs with a roving tab stop: ArrowLeft/ArrowRight (wrapping), Home and End move to a tab and select it;
 * Enter and Space select the focused tab.
 */
export function ProjectTabs<K extends string>({ label, tabs, selected, onSelect, children }: ProjectTabsProps<K>) {
  const baseId = useId();
  const buttons = useRef(new Map<K, HTMLButtonElement>());
  const tabId = (key: K) => `${baseId}-tab-${key}`;
  const panelId = (key: K) => `${baseId}-panel-${key}`;

  const moveTo = (index: number) => {
    const tab = tabs[(index + tabs.length) % tabs.length];
    onSelect(tab.key);
    buttons.current.get(tab.key)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    switch (event.key) {
      case 'ArrowRight':
        moveTo(index + 1);
        break;
      case 'ArrowLeft':
        moveTo(index - 1);
        break;
      case 'Home':
        moveTo(0);
        break;
      case 'End':
        moveTo(tabs.length - 1);
        break;
      case 'Enter':
      case ' ':
        onSelect(tabs[index].key);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  return (
    <>
      <StyledTabList role="tablist" aria-label={label}>
        {tabs.map((tab, index) => {
          const isSelected = tab.key === selected;
          return (
            <StyledTab
              key={tab.key}
              ref={(element) => {
                if (element) buttons.current.set(tab.key, element);
                else buttons.current.delete(tab.key);
              }}
              type="button"
              role="tab"
              id={tabId(tab.key)}
              aria-selected={isSelected}
              aria-controls={isSelected ? panelId(tab.key) : undefined}
              tabIndex={isSelected ? 0 : -1}
              selected={isSelected}
              onClick={() => onSelect(tab.key)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {tab.label}
            </StyledTab>
          );
        })}
      </StyledTabList>
      <div role="tabpanel" id={panelId(selected)} aria-labelledby={tabId(selected)} tabIndex={0}>
        {children}
      </div>
    </>
  );
}
