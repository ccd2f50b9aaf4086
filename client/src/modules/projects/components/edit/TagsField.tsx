import styled from '@emotion/styled';
import { useId, useState } from 'react';
import { useField } from 'react-final-form';
import { Button } from '../../../../ui/Button';
import { StyledField, StyledLabel, controlStyles } from '../../../../ui/fields/FieldShell';
import { addTag } from '../../validation/project.validation';

const StyledRow = styled.div(({ theme }) => ({ display: 'flex', gap: theme.spacing(2) }));

const StyledInput = styled.input(({ theme }) => ({ ...controlStyles({ theme, invalid: false }), flex: 1, minWidth: 0 }));

const StyledChips = styled.ul(({ theme }) => ({ display: 'flex', flexWrap: 'wrap', gap: theme.spacing(2), margin: 0, padding: 0, listStyle: 'none' }));

const StyledChip = styled.li(({ theme }) => ({
  display: 'inline-flex',
  alignItems: 'center',
  gap: theme.spacing(1),
  padding: theme.spacing(0.5, 1, 0.5, 3),
  fontSize: theme.fontSizes.sm,
  color: theme.colors.info,
  background: theme.colors.infoSoft,
  borderRadius: theme.radii.pill,
}));

const StyledRemove = styled.button(({ theme }) => ({
  padding: theme.spacing(0, 1.5),
  color: 'inherit',
  background: 'none',
  border: 'none',
  borderRadius: theme.radii.pill,
  cursor: 'pointer',
  fontSize: theme.fontSizes.md,
  lineHeight: 1,
  '&:hover': { background: theme.colors.primarySoft },
}));

/** Tags as removable chips; a tag is added with the Add button or Enter, trimmed, and ignored when blank or already there. */
export function TagsField({ name = 'tags' }: { name?: string }) {
  const id = useId();
  const { input } = useField<string[]>(name, { subscription: { value: true } });
  const tags = input.value || [];
  const [draft, setDraft] = useState('');

  const add = () => {
    input.onChange(addTag(tags, draft));
    setDraft('');
  };

  return (
    <StyledField>
      <StyledLabel htmlFor={id}>Tags</StyledLabel>
      <StyledRow>
        <StyledInput
          id={id}
          value={draft}
          placeholder="Add a tag and press Enter"
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            add();
          }}
        />
        <Button variant="secondary" onClick={add} disabled={!draft.trim()}>
          Add
        </Button>
      </StyledRow>
      {tags.length > 0 && (
        <StyledChips aria-label="Current tags">
          {tags.map((tag) => (
            <StyledChip key={tag}>
              {tag}
              <StyledRemove type="button" aria-label={`Remove tag ${tag}`} onClick={() => input.onChange(tags.filter((t) => t !== tag))}>
                ×
              </StyledRemove>
            </StyledChip>
          ))}
        </StyledChips>
      )}
    </StyledField>
  );
}
