import styled from '@emotion/styled';
import { useId } from 'react';
import { Field, Form } from 'react-final-form';
import { Button } from '../../../../ui/Button';
import { ErrorBanner } from '../../../../ui/ErrorBanner';
import { StyledField, StyledLabel, controlStyles } from '../../../../ui/fields/FieldShell';
import { Modal } from '../../../../ui/Modal';
import { useDeleteProjectForm, type DeleteProjectValues } from './useDeleteProjectForm';

const StyledWarning = styled.p(({ theme }) => ({ margin: theme.spacing(0, 0, 4) }));

const StyledInput = styled('input', { shouldForwardProp: (prop) => prop !== 'invalid' })<{ invalid: boolean }>(controlStyles);

const StyledError = styled.span(({ theme }) => ({ fontSize: theme.fontSizes.sm, color: theme.colors.danger }));

const StyledBanner = styled.div(({ theme }) => ({ marginBottom: theme.spacing(4) }));

const StyledButtons = styled.div(({ theme }) => ({ display: 'flex', justifyContent: 'flex-end', gap: theme.spacing(2) }));

export interface DeleteProjectDialogProps {
  project: { id: string; name: string };
  /** Cancel, Escape or the overlay; never called while the deletion request runs. */
  onClose: () => void;
  /** The server accepted the deletion: its run has started. */
  onDeleting: () => void;
}

/**
 * 'Delete Project?': the warning, the exact-name confirmation and the deletion. Mount it to open it; it cannot be
 * closed (Escape, overlay, Cancel) while the deletion request runs.
 */
export function DeleteProjectDialog({ project, onClose, onDeleting }: DeleteProjectDialogProps) {
  const inputId = useId();
  const { initialValues, onSubmit } = useDeleteProjectForm(project, onDeleting);
  return (
    <Form<DeleteProjectValues> onSubmit={onSubmit} initialValues={initialValues} subscription={{ submitting: true, submitError: true }}>
      {({ handleSubmit, submitting, submitError }) => (
        <Modal isOpen onClose={onClose} title="Delete Project?" size="sm" dismissible={!submitting}>
          <form onSubmit={handleSubmit} noValidate aria-label="Delete project">
            {submitError && (
              <StyledBanner>
                <ErrorBanner message={String(submitError)} />
              </StyledBanner>
            )}
            <StyledWarning>
              This permanently deletes <strong>{project.name}</strong> with all of its versions, deployments and configurations.
              This action cannot be undone.
            </StyledWarning>
            <Field<string> name="confirmation">
              {({ input, meta }) => {
                const error = meta.submitError && !meta.dirtySinceLastSubmit ? String(meta.submitError) : undefined;
                return (
                  <StyledField>
                    <StyledLabel htmlFor={inputId}>
                      Type <strong>{project.name}</strong> to confirm
                    </StyledLabel>
                    <StyledInput
                      {...input}
                      value={input.value ?? ''}
                      id={inputId}
                      autoComplete="off"
                      spellCheck={false}
                      readOnly={submitting}
                      invalid={Boolean(error)}
                      aria-invalid={Boolean(error)}
                      aria-describedby={error ? `${inputId}-error` : undefined}
                    />
                    {error && <StyledError id={`${inputId}-error`}>{error}</StyledError>}
                  </StyledField>
                );
              }}
            </Field>
            <StyledButtons>
              <Button variant="secondary" onClick={onClose} disabled={submitting}>
                Cancel
              </Button>
              <Button type="submit" variant="danger" disabled={submitting}>
                {submitting ? 'Deleting...' : 'Delete Project'}
              </Button>
            </StyledButtons>
          </form>
        </Modal>
      )}
    </Form>
  );
}
