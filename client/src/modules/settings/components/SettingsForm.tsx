import styled from '@emotion/styled';
import { Form } from 'react-final-form';
import { Button } from '../../../ui/Button';
import { Card, CardTitle } from '../../../ui/Card';
import { ErrorBanner } from '../../../ui/ErrorBanner';
import { Modal } from '../../../ui/Modal';
import type { SettingsFormController, SettingsFormValues } from '../hooks/useSettingsForm';
import { CLEAR_ALL_CONFIRMATION, LOCAL_ORGANIZATION_NOTE, SETTINGS_SECTIONS } from '../settings-fields';
import { ConnectionTest } from './ConnectionTest';
import { SettingField } from './SettingField';

const StyledForm = styled.form(({ theme }) => ({ display: 'flex', flexDirection: 'column', gap: theme.spacing(5) }));

const StyledSectionText = styled.p(({ theme }) => ({ margin: theme.spacing(0, 0, 4), color: theme.colors.textMuted, fontSize: theme.fontSizes.sm }));

const StyledActions = styled.div(({ theme }) => ({ display: 'flex', alignItems: 'center', gap: theme.spacing(4), flexWrap: 'wrap' }));

const StyledSaved = styled.span(({ theme }) => ({ color: theme.colors.success, fontWeight: theme.fontWeights.medium }));

const StyledDangerZone = styled(Card)(({ theme }) => ({ borderColor: theme.colors.danger }));

const StyledDangerTitle = styled(CardTitle)(({ theme }) => ({ color: theme.colors.danger }));

const StyledDangerRow = styled.div(({ theme }) => ({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: theme.spacing(4),
  flexWrap: 'wrap',
}));

/** The Settings screen's sections, save row and Danger Zone, driven by useSettingsForm. */
export function SettingsForm({
  initialValues,
  onSubmit,
  changedKeys,
  validateField,
  connectionTests,
  testConnection,
  displayOf,
  shownKeys,
  toggleShown,
  copy,
  copiedKey,
  savedMessage,
  error,
  dismissError,
  confirmingClear,
  askClearAll,
  cancelClearAll,
  confirmClearAll,
}: SettingsFormController) {
  return (
    <Form<SettingsFormValues> onSubmit={onSubmit} initialValues={initialValues} subscription={{ values: true, submitting: true }}>
      {({ handleSubmit, values, submitting, form }) => (
        <StyledForm onSubmit={handleSubmit} noValidate aria-label="Settings">
          {error && <ErrorBanner message={error} onDismiss={dismissError} />}
          {SETTINGS_SECTIONS.map((section) => (
            <Card key={section.title} aria-label={section.title}>
              <CardTitle>{section.title}</CardTitle>
              <StyledSectionText>{section.description}</StyledSectionText>
              {section.fields.map((field) => (
                <SettingField
                  key={field.key}
                  field={field}
                  displayOf={displayOf}
                  validate={validateField}
                  note={field.key === 'GITHUB_ORGANIZATION' && !values.GITHUB_TOKEN?.trim() ? LOCAL_ORGANIZATION_NOTE : undefined}
                  shown={shownKeys.has(field.key)}
                  onToggleShown={toggleShown}
                  onCopy={copy}
                  copied={copiedKey === field.key}
                />
              ))}
              <ConnectionTest
                name={section.connection.name}
                state={connectionTests[section.connection.provider]}
                onTest={() => void testConnection(section.connection.provider, section.connection.keys, values)}
              />
            </Card>
          ))}
          <StyledActions>
            <Button type="submit" disabled={submitting || changedKeys(values).length === 0}>
              {submitting ? 'Saving...' : 'Save All Settings'}
            </Button>
            {savedMessage && <StyledSaved role="status">{savedMessage}</StyledSaved>}
          </StyledActions>
          <StyledDangerZone aria-label="Danger Zone">
            <StyledDangerTitle>Danger Zone</StyledDangerTitle>
            <StyledDangerRow>
              <span>Empty every field above. Nothing is deleted until you save.</span>
              <Button variant="danger" onClick={askClearAll} disabled={submitting}>
                Clear All
              </Button>
            </StyledDangerRow>
          </StyledDangerZone>
          <Modal
            isOpen={confirmingClear}
            onClose={cancelClearAll}
            title="Clear All Settings"
            size="sm"
            footer={
              <>
                <Button variant="secondary" onClick={cancelClearAll}>
                  Cancel
                </Button>
                <Button variant="danger" onClick={() => confirmClearAll(form)}>
                  Clear All
                </Button>
              </>
            }
          >
            {CLEAR_ALL_CONFIRMATION}
          </Modal>
        </StyledForm>
      )}
    </Form>
  );
}
