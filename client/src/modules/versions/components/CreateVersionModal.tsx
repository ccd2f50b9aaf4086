import styled from '@emotion/styled';
import { generateVersionTag } from '@slipway/domain';
import { Form } from 'react-final-form';
import { Button } from '../../../ui/Button';
import { ErrorBanner } from '../../../ui/ErrorBanner';
import { TextAreaField } from '../../../ui/fields/TextAreaField';
import { TextField } from '../../../ui/fields/TextField';
import { Modal } from '../../../ui/Modal';
import { useCreateVersionForm, type CreateVersionValues } from '../hooks/useCreateVersionForm';

const StyledBanner = styled.div(({ theme }) => ({ marginBottom: theme.spacing(4) }));

const StyledTagRow = styled.div(({ theme }) => ({ display: 'flex', alignItems: 'flex-start', gap: theme.spacing(2), '& > :first-of-type': { flex: 1 } }));

// Lines the Generate button up with the input under the field's label.
const StyledGenerate = styled.div(({ theme }) => ({ paddingTop: theme.spacing(6.5) }));

const StyledButtons = styled.div(({ theme }) => ({ display: 'flex', justifyContent: 'flex-end', gap: theme.spacing(2) }));

export interface CreateVersionModalProps {
  projectId: string;
  /** Cancel, Escape, the overlay, or after the version was created; never while the request runs. */
  onClose: () => void;
}

/** 'Create Version': Version Tag with Generate, Description (optional), Git Branch (main). Mount it to open it. */
export function CreateVersionModal({ projectId, onClose }: CreateVersionModalProps) {
  const { initialValues, validate, onSubmit } = useCreateVersionForm(projectId, onClose);
  return (
    <Form<CreateVersionValues>
      onSubmit={onSubmit}
      validate={validate}
      initialValues={initialValues}
      subscription={{ submitting: true, submitError: true }}
    >
      {({ handleSubmit, submitting, submitError, form }) => (
        <Modal isOpen onClose={onClose} title="Create Version" dismissible={!submitting}>
          <form onSubmit={handleSubmit} noValidate aria-label="Create version">
            {submitError && (
              <StyledBanner>
                <ErrorBanner message={String(submitError)} />
              </StyledBanner>
            )}
            <StyledTagRow>
              <TextField name="versionTag" label="Version Tag" placeholder="v1.0.0" required autoComplete="off" spellCheck={false} autoFocus />
              <StyledGenerate>
                <Button
                  variant="secondary"
                  onClick={() => {
                    form.change('versionTag', generateVersionTag());
                    form.blur('versionTag');
                  }}
                  disabled={submitting}
                >
                  Generate
                </Button>
              </StyledGenerate>
            </StyledTagRow>
            <TextAreaField name="description" label="Description (optional)" rows={3} />
            <TextField name="gitBranch" label="Git Branch" required autoComplete="off" spellCheck={false} />
            <StyledButtons>
              <Button variant="secondary" onClick={onClose} disabled={submitting}>
                Cancel
              </Button>
              <Button type="submit" disabled={submitting}>
                {submitting ? 'Creating...' : 'Create Version'}
              </Button>
            </StyledButtons>
          </form>
        </Modal>
      )}
    </Form>
  );
}
