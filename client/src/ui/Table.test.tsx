import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, signedIn } from '../test/render';
import { Table } from './Table';

const rows = (
  <tr>
    <th scope="row">Ada</th>
    <td>ada@example.com</td>
    <td>
      <button type="button">Delete</button>
    </td>
  </tr>
);

describe('Table', () => {
  it('is named by its caption, shown or read only, and heads its columns and rows', () => {
    const { unmount } = renderWithProviders(
      <Table caption="Users" columns={['Name', 'Email', { label: 'Actions', hidden: true }]}>
        {rows}
      </Table>,
      { auth: signedIn() },
    );
    const table = screen.getByRole('table', { name: 'Users' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Name', 'Email', 'Actions']);
    expect(within(table).getByRole('rowheader', { name: 'Ada' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'ada@example.com' })).toBeInTheDocument();
    expect(screen.queryByRole('region')).toBeNull();
    unmount();

    renderWithProviders(
      <Table caption="Users" hideCaption columns={['Name', 'Email', 'Actions']} scrollLabel="Users table">
        {rows}
      </Table>,
      { auth: signedIn() },
    );
    expect(screen.getByRole('table', { name: 'Users' })).toBeInTheDocument();
    // A keyboard user can reach the scrolling box to scroll it.
    expect(screen.getByRole('region', { name: 'Users table' })).toHaveAttribute('tabindex', '0');
  });
});
