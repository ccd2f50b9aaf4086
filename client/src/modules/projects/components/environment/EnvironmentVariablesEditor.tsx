import styled from '@emotion/styled';
import { Badge } from '../../../../ui/Badge';
import { Button } from '../../../../ui/Button';
import { Card, CardTitle } from '../../../../ui/Card';
import { ErrorBanner } from '../../../../ui/ErrorBanner';
import { controlStyles } from '../../../../ui/fields/FieldShell';
import { maskValue } from '@slipway/domain';
import { AddVariableDialog } from './AddVariableDialog';
import type { EditorVariable, EnvironmentEditorController } from './useEnvironmentEditor';

const StyledHeader = styled.div(({ theme }) => ({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  gap: theme.spacing(2),
  marginBottom: theme.spacing(3),
}));

const StyledTitle = styled(CardTitle)({ marginBottom: 0 });

const StyledActions = styled.div(({ theme }) => ({ display: 'flex', gap: theme.spacing(2) }));

const StyledList = styled.ul(({ theme }) => ({
  listStyle: 'none',
  margin: theme.spacing(3, 0, 0),
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: theme.spacing(2),
}));

const StyledRow = styled.li(({ theme }) => ({
  display: 'grid',
  gridTemplateColumns: 'minmax(140px, 1fr) minmax(0, 2fr) auto',
  alignItems: 'center',
  gap: theme.spacing(3),
  padding: theme.spacing(2, 3),
  background: theme.colors.surfaceMuted,
  borderRadius: theme.radii.md,
  [theme.breakpoints.sm]: { gridTemplateColumns: '1fr' },
}));

const StyledName = styled.div(({ theme }) => ({
  display: 'flex',
  alignItems: 'center',
  flexWrap: 'wrap',
  gap: theme.spacing(2),
  fontFamily: theme.fonts.mono,
  fontSize: theme.fontSizes.sm,
  overflowWrap: 'anywhere',
}));

const StyledValue = styled.span(({ theme }) => ({ fontFamily: theme.fonts.mono, fontSize: theme.fontSizes.sm, overflowWrap: 'anywhere' }));

const StyledEmptyValue = styled.span(({ theme }) => ({ color: theme.colors.textMuted, fontStyle: 'italic', fontSize: theme.fontSizes.sm }));

const StyledInput = styled.input(({ theme }) => ({
  ...controlStyles({ theme, invalid: false }),
  fontFamily: theme.fonts.mono,
  fontSize: theme.fontSizes.sm,
}));

const StyledEmpty = styled.p(({ theme }) => ({ margin: theme.spacing(3, 0, 0), color: theme.colors.textMuted }));

interface RowProps {
  variable: EditorVariable;
  editing: boolean;
  shown: boolean;
  onToggleShown: (name: string) => void;
  onChangeValue: (name: string, value: string) => void;
  onRemove: (name: string) => void;
}

function VariableRow({ variable, editing, shown, onToggleShown, onChangeValue, onRemove }: RowProps) {
  const { name, value, sensitive } = variable;
  const masked = sensitive && !shown;
  return (
    <StyledRow data-testid={`env-${name}`}>
      <StyledName>
        {name}
        {sensitive && <Badge tone="warning">Sensitive</Badge>}
      </StyledName>
      {editing ? (
        <StyledInput
          aria-label={`Value of ${name}`}
          type={masked ? 'password' : 'text'}
          value={value}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => onChangeValue(name, event.target.value)}
        />
      ) : value === '' ? (
        <StyledEmptyValue>(empty)</StyledEmptyValue>
      ) : (
        <StyledValue>{masked ? maskValue(value) : value}</StyledValue>
      )}
      <StyledActions>
        {sensitive && (
          <Button variant="ghost" size="sm" aria-label={`${shown ? 'Hide' : 'Show'} value of ${name}`} onClick={() => onToggleShown(name)}>
            {shown ? 'Hide' : 'Show'}
          </Button>
        )}
        {editing && (
          <Button variant="ghost" size="sm" aria-label={`Remove ${name}`} onClick={() => onRemove(name)}>
            Remove
          </Button>
        )}
      </StyledActions>
    </StyledRow>
  );
}

/** The project's environment variables: a read-only list, or the draft being edited with Add, Remove, Save and Cancel. */
export function EnvironmentVariablesEditor({
  editing,
  variables,
  saving,
  error,
  dismissError,
  startEdit,
  cancel,
  save,
  changeValue,
  remove,
  adding,
  openAddDialog,
  closeAddDialog,
  add,
  shownNames,
  toggleShown,
}: EnvironmentEditorController) {
  return (
    <Card aria-label="Environment Variables">
      <StyledHeader>
        <StyledTitle>Environment Variables</StyledTitle>
        <StyledActions>
          {editing ? (
            <>
              <Button variant="secondary" size="sm" onClick={openAddDialog} disabled={saving}>
                Add Variable
              </Button>
              <Button variant="secondary" size="sm" onClick={cancel} disabled={saving}>
                Cancel
              </Button>
              <Button size="sm" onClick={save} disabled={saving}>
                {saving ? 'Saving...' : 'Save'}
              </Button>
            </>
          ) : (
            <Button variant="secondary" size="sm" onClick={startEdit}>
              Edit
            </Button>
          )}
        </StyledActions>
      </StyledHeader>
      {error && <ErrorBanner message={error} onDismiss={dismissError} />}
      {variables.length === 0 ? (
        <StyledEmpty>{editing ? 'No variables. Add one to get started.' : 'No environment variables'}</StyledEmpty>
      ) : (
        <StyledList>
          {variables.map((variable) => (
            <VariableRow
              key={variable.name}
              variable={variable}
              editing={editing}
              shown={shownNames.has(variable.name)}
              onToggleShown={toggleShown}
              onChangeValue={changeValue}
              onRemove={remove}
            />
          ))}
        </StyledList>
      )}
      <AddVariableDialog isOpen={adding} onClose={closeAddDialog} onAdd={add} />
    </Card>
  );
}
