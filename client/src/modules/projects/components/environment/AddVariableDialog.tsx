import styled from '@emotion/styled';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { Badge } from '../../../../ui/Badge';
import { Button } from '../../../../ui/Button';
import { TextField } from '../../../../ui/fields/TextField';
import { Modal } from '../../../../ui/Modal';
import { isSensitiveName } from '@slipway/domain';
import { useAddVariableForm, type AddVariableValues } from './useAddVariableForm';
import type { NewVariable } from './useEnvironmentEditor';

const StyledSensitiveRow = styled.div(({ theme }) => ({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: theme.spacing(2),
  marginTop: theme.spacing(-2),
  marginBottom: theme.spacing(4),
}));

const StyledButtons = styled.div(({ theme }) => ({ display: 'flex', justifyContent: 'flex-end', gap: theme.spacing(2) }));

export interface AddVariableDialogProps {
  isOpen: boolean;
  onClose: () => void;
  onAdd: (variable: NewVariable) => void;
}

function AddVariableForm({ onClose, onAdd }: Omit<AddVariableDialogProps, 'isOpen'>) {
  const { initialValues, canAdd, onSubmit } = useAddVariableForm(onAdd);
  const [valueShown, setValueShown] = useState(false);
  return (
    <Form<AddVariableValues> onSubmit={onSubmit} initialValues={initialValues} subscription={{ values: true }}>
      {({ handleSubmit, values }) => {
        const sensitive = isSensitiveName(values.name?.trim() ?? '');
        return (
          <form onSubmit={handleSubmit} noValidate aria-label="Add environment variable">
            <TextField name="name" label="Name" placeholder="e.g. API_URL" autoComplete="off" spellCheck={false} />
            <TextField name="value" label="Value" type={sensitive && !valueShown ? 'password' : 'text'} autoComplete="off" spellCheck={false} />
            {sensitive && (
              <StyledSensitiveRow>
                <Badge tone="warning">Sensitive</Badge>
                <Button variant="ghost" size="sm" onClick={() => setValueShown((shown) => !shown)}>
                  {valueShown ? 'Hide value' : 'Show value'}
                </Button>
              </StyledSensitiveRow>
            )}
            <StyledButtons>
              <Button variant="secondary" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" disabled={!canAdd(values)}>
                Add Variable
              </Button>
            </StyledButtons>
          </form>
        );
      }}
    </Form>
  );
}

/** The dialog that adds one variable to the editor's draft; it starts empty every time it opens. */
export function AddVariableDialog({ isOpen, onClose, onAdd }: AddVariableDialogProps) {
  return (
    <Modal isOpen={isOpen} onClose={onClose} title="Add Environment Variable">
      <AddVariableForm onClose={onClose} onAdd={onAdd} />
    </Modal>
  );
}
