import styled from '@emotion/styled';
import { useId } from 'react';
import { Form } from 'react-final-form';
import { Button } from '../../../../ui/Button';
import { Card } from '../../../../ui/Card';
import { ErrorBanner } from '../../../../ui/ErrorBanner';
import { SelectField } from '../../../../ui/fields/SelectField';
import { TextAreaField } from '../../../../ui/fields/TextAreaField';
import { TextField } from '../../../../ui/fields/TextField';
import { MAX_DESCRIPTION_LENGTH, PROJECT_LIMIT_BOUNDS, PROJECT_LIMIT_KEYS } from '@slipway/domain';
import { showsDescriptionCounter } from '../../validation/project.validation';
import { TagsField } from './TagsField';
import type { EditProjectFormController, EditProjectValues } from './useEditProjectForm';

const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
] as const;

const StyledBanner = styled.div(({ theme }) => ({ marginBottom: theme.spacing(4) }));

const StyledButtons = styled.div(({ theme }) => ({ display: 'flex', justifyContent: 'flex-end', gap: theme.spacing(2), marginTop: theme.spacing(2) }));

const StyledLimits = styled.fieldset(({ theme }) => ({ border: 0, padding: 0, margin: theme.spacing(4, 0, 0) }));

const StyledHint = styled.p(({ theme }) => ({ margin: theme.spacing(0, 0, 2), color: theme.colors.textMuted, fontSize: theme.fontSizes.sm }));

/** Project Name, Description, Status, Repository URL, Tags and the sandbox limits, with Cancel and 'Save Changes'. */
export function EditProjectForm({ initialValues, validate, onSubmit, cancel }: EditProjectFormController) {
  const limitsHintId = useId();
  return (
    <Form<EditProjectValues>
      onSubmit={onSubmit}
      validate={validate}
      initialValues={initialValues}
      subscription={{ submitting: true, submitError: true, values: true }}
    >
      {({ handleSubmit, submitting, submitError, values }) => (
        <Card>
          <form onSubmit={handleSubmit} noValidate aria-label="Edit project">
            {submitError && (
              <StyledBanner>
                <ErrorBanner message={String(submitError)} />
              </StyledBanner>
            )}
            <TextField name="name" label="Project Name" required autoComplete="off" />
            <TextAreaField
              name="description"
              label="Description"
              rows={4}
              hint={showsDescriptionCounter(values.description) ? `${values.description?.length ?? 0}/${MAX_DESCRIPTION_LENGTH}` : undefined}
            />
            <SelectField name="status" label="Status" options={STATUS_OPTIONS} />
            <TextField name="repositoryUrl" label="Repository URL" type="url" placeholder="https://github.com/your-org/your-repo" />
            <TagsField />
            <StyledLimits aria-describedby={limitsHintId}>
              <legend>Sandbox limits</legend>
              <StyledHint id={limitsHintId}>Leave a limit empty for the server's default. The CPU limit applies to the project's apps; its builds run at the lowest CPU priority.</StyledHint>
              {PROJECT_LIMIT_KEYS.map((key) => {
                const { min, max, label, unit } = PROJECT_LIMIT_BOUNDS[key];
                return (
                  <TextField
                    key={key}
                    name={`limits.${key}`}
                    label={`${label} (${unit})`}
                    inputMode="numeric"
                    autoComplete="off"
                    hint={`${min} to ${max}`}
                  />
                );
              })}
            </StyledLimits>
            <StyledButtons>
              <Button variant="secondary" onClick={cancel} disabled={submitting}>
                Cancel
              </Button>
              <Button type="submit" disabled={submitting}>
                {submitting ? 'Saving...' : 'Save Changes'}
              </Button>
            </StyledButtons>
          </form>
        </Card>
      )}
    </Form>
  );
}
