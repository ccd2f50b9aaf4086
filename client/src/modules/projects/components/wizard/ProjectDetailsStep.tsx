import styled from '@emotion/styled';
import { useEffect, type KeyboardEvent } from 'react';
import { Form, useField, useForm } from 'react-final-form';
import { Badge } from '../../../../ui/Badge';
import { Button } from '../../../../ui/Button';
import { controlStyles } from '../../../../ui/fields/FieldShell';
import { TextAreaField } from '../../../../ui/fields/TextAreaField';
import { TextField } from '../../../../ui/fields/TextField';
import { MAX_DESCRIPTION_LENGTH } from '@slipway/domain';
import { addTag, showsDescriptionCounter } from '../../validation/project.validation';
import { useProjectDetailsForm, type ProjectDetailsValues } from './useProjectDetailsForm';
import type { useProjectNameCheck } from './useProjectNameCheck';
import type { WizardData } from './wizard-data';
import { StyledAnnouncement, StyledStepActions, StyledStepIntro, StyledStepTitle } from './wizard-layout';

const StyledTagLabel = styled.label(({ theme }) => ({
  display: 'block',
  marginBottom: theme.spacing(1.5),
  fontSize: theme.fontSizes.sm,
  fontWeight: theme.fontWeights.medium,
}));

const StyledTagRow = styled.div(({ theme }) => ({ display: 'flex', gap: theme.spacing(2) }));

const StyledTagInput = styled('input')(({ theme }) => controlStyles({ theme, invalid: false }));

const StyledChips = styled.ul(({ theme }) => ({
  display: 'flex',
  flexWrap: 'wrap',
  gap: theme.spacing(2),
  margin: theme.spacing(3, 0, 0),
  padding: 0,
  listStyle: 'none',
}));

const StyledChipRemove = styled.button(({ theme }) => ({
  marginLeft: theme.spacing(1),
  padding: 0,
  color: 'inherit',
  background: 'none',
  border: 'none',
  cursor: 'pointer',
  fontSize: theme.fontSizes.sm,
  lineHeight: 1,
}));

/** Tags: typed into their own box, added with Enter or Add (trimmed, no blanks, no duplicates), removable chips. */
function TagsInput() {
  const form = useForm<ProjectDetailsValues>();
  const tags = useField<string[]>('tags').input.value || [];
  const tagInput = useField<string>('tagInput');

  const add = () => {
    form.batch(() => {
      form.change('tags', addTag(tags, tagInput.input.value ?? ''));
      form.change('tagInput', '');
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  };

  return (
    <div>
      <StyledTagLabel htmlFor="project-tag-input">Tags</StyledTagLabel>
      <StyledTagRow>
        <StyledTagInput
          id="project-tag-input"
          name={tagInput.input.name}
          value={tagInput.input.value ?? ''}
          onChange={tagInput.input.onChange}
          onKeyDown={onKeyDown}
          placeholder="Type a tag and press Enter"
        />
        <Button variant="secondary" onClick={add} disabled={!tagInput.input.value?.trim()}>
          Add
        </Button>
      </StyledTagRow>
      {tags.length > 0 && (
        <StyledChips aria-label="Added tags">
          {tags.map((tag) => (
            <li key={tag}>
              <Badge tone="info">
                {tag}
                <StyledChipRemove
                  type="button"
                  aria-label={`Remove tag ${tag}`}
                  onClick={() => form.change('tags', tags.filter((item) => item !== tag))}
                >
                  ×
                </StyledChipRemove>
              </Badge>
            </li>
          ))}
        </StyledChips>
      )}
    </div>
  );
}

/**
 * Checks the name with the server once typing pauses. A taken name shows as the field's error at once (the field
 * counts as visited) and is announced, since an error appearing under a field is not read out by itself.
 */
function NameAvailability({ nameCheck }: { nameCheck: ReturnType<typeof useProjectNameCheck> }) {
  const form = useForm<ProjectDetailsValues>();
  const { input, meta } = useField<string>('name', { subscription: { value: true, touched: true } });
  const { schedule, refusalOf } = nameCheck;
  const refusal = refusalOf(input.value);
  useEffect(() => schedule(input.value ?? ''), [input.value, schedule]);
  useEffect(() => {
    if (refusal && !meta.touched) form.blur('name');
  }, [refusal, meta.touched, form]);
  return <StyledAnnouncement role="status">{refusal ?? ''}</StyledAnnouncement>;
}

export interface ProjectDetailsStepProps {
  data: WizardData;
  onContinue: (details: Pick<WizardData, 'name' | 'description' | 'tags'>) => void;
}

/**
 * Step 1: name, description (counter above 400 characters) and tags; Continue needs a valid name that none of the
 * user's projects has, and no errors.
 */
export function ProjectDetailsStep({ data, onContinue }: ProjectDetailsStepProps) {
  const { initialValues, validate, onSubmit, nameCheck } = useProjectDetailsForm(data, onContinue);
  return (
    <Form<ProjectDetailsValues>
      initialValues={initialValues}
      validate={validate}
      onSubmit={onSubmit}
      subscription={{ values: true, hasValidationErrors: true }}
    >
      {({ handleSubmit, values, hasValidationErrors }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="Project details">
          <StyledStepTitle>Project Details</StyledStepTitle>
          <StyledStepIntro>Name your project and describe what it is for.</StyledStepIntro>
          <TextField name="name" label="Project Name" placeholder="my-awesome-project" autoComplete="off" />
          <NameAvailability nameCheck={nameCheck} />
          <TextAreaField
            name="description"
            label="Description"
            placeholder="What does this project do?"
            hint={
              showsDescriptionCounter(values.description)
                ? `${values.description.length}/${MAX_DESCRIPTION_LENGTH} characters`
                : undefined
            }
          />
          <TagsInput />
          <StyledStepActions>
            <span />
            <Button type="submit" disabled={!values.name?.trim() || hasValidationErrors}>
              Continue
            </Button>
          </StyledStepActions>
        </form>
      )}
    </Form>
  );
}
