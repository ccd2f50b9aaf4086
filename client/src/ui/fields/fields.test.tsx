import { screen } from '@testing-library/react';
import { Form } from 'react-final-form';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, signedIn } from '../../test/render';
import { SelectField } from './SelectField';
import { TextAreaField } from './TextAreaField';
import { TextField } from './TextField';

const required = (message: string) => (value: unknown) => (value ? undefined : message);

function Harness({ onSubmit }: { onSubmit: (values: Record<string, string>) => void }) {
  return (
    <Form<Record<string, string>> onSubmit={onSubmit} initialValues={{ status: 'active' }}>
      {({ handleSubmit }) => (
        <form onSubmit={handleSubmit}>
          <TextField name="name" label="Project Name" validate={required('Project name is required')} hint="2 to 100 characters" />
          <TextAreaField name="description" label="Description" />
          <SelectField
            name="status"
            label="Status"
            options={[
              { value: 'active', label: 'Active' },
              { value: 'inactive', label: 'Inactive' },
            ]}
          />
          <button type="submit">Save Changes</button>
        </form>
      )}
    </Form>
  );
}

describe('final-form fields', () => {
  it('shows a field error once touched, wired to the input for assistive technology', async () => {
    const onSubmit = vi.fn();
    const { user } = renderWithProviders(<Harness onSubmit={onSubmit} />, { auth: signedIn() });
    const name = screen.getByLabelText('Project Name');
    expect(screen.queryByText('Project name is required')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('Project name is required')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('2 to 100 characters Project name is required');
  });

  it('submits the values of text, textarea and select fields', async () => {
    const onSubmit = vi.fn();
    const { user } = renderWithProviders(<Harness onSubmit={onSubmit} />, { auth: signedIn() });
    await user.type(screen.getByLabelText('Project Name'), 'storefront');
    await user.type(screen.getByLabelText('Description'), 'The shop');
    await user.selectOptions(screen.getByLabelText('Status'), 'inactive');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(onSubmit).toHaveBeenCalledWith({ name: 'storefront', description: 'The shop', status: 'inactive' }, expect.anything(), expect.anything());
  });
});
