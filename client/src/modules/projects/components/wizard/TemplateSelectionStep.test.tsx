import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, signedIn, type RenderWithProvidersOptions } from '../../../../test/render';
import { TemplateSelectionStep, type TemplateSelectionStepProps } from './TemplateSelectionStep';
import {
  CATALOG,
  GO_TEMPLATE,
  NOTES_TEMPLATE,
  STATIC_TEMPLATE,
  WORKER_TEMPLATE,
  templatesErrorMock,
  templatesMock,
  toolchain,
} from './wizard.fixtures';

function renderStep(mocks: RenderWithProvidersOptions['mocks'], data: Partial<TemplateSelectionStepProps['data']> = {}) {
  const props = {
    data: { selectedTemplate: null, blankProject: false, ...data },
    onSelectTemplate: vi.fn(),
    onSelectBlank: vi.fn(),
    onBack: vi.fn(),
    onContinue: vi.fn(),
  };
  const view = renderWithProviders(<TemplateSelectionStep {...props} />, { auth: signedIn(), mocks });
  return { ...view, props };
}

const cardNames = () =>
  within(screen.getByRole('group', { name: 'Templates' }))
    .getAllByRole('button')
    .map((card) => card.getAttribute('data-testid'));

describe('TemplateSelectionStep', () => {
  it("shows 'Loading templates...' and then the cards with type badges and variable counts", async () => {
    renderStep([templatesMock(CATALOG, 30)]);
    expect(screen.getByRole('status')).toHaveTextContent('Loading templates...');
    const notes = await screen.findByTestId('template-fullstack-notes');
    expect(notes).toHaveTextContent('Full Stack');
    expect(notes).toHaveTextContent('4 variables');
    expect(screen.getByTestId('template-go-api')).toHaveTextContent('API');
    expect(screen.getByTestId('template-go-api')).toHaveTextContent('1 variable');
    expect(screen.getByTestId('template-static-site')).toHaveTextContent('Frontend');
    expect(screen.getByTestId('template-static-site')).toHaveTextContent('Ready to use');
    expect(screen.getByTestId('template-scheduled-worker')).toHaveTextContent('Other');
  });

  it.each([
    [[NOTES_TEMPLATE, GO_TEMPLATE, STATIC_TEMPLATE], false],
    [CATALOG, true],
  ])('shows the search box only above 3 templates (%#)', async (templates, shown) => {
    renderStep([templatesMock(templates)]);
    await screen.findByTestId('template-go-api');
    expect(screen.queryByLabelText('Search templates') !== null).toBe(shown);
  });

  it.each([
    ['NOTES', ['template-fullstack-notes']],
    ['http api', ['template-go-api']],
    ['frontend', ['template-static-site']],
    ['Other', ['template-scheduled-worker']],
  ])('searching %j (name, description or type, any case) shows %j', async (search, expected) => {
    const { user } = renderStep([templatesMock(CATALOG)]);
    await user.type(await screen.findByLabelText('Search templates'), search);
    expect(cardNames()).toEqual(expected);
  });

  it("shows 'No Templates Found' with 'Clear Search' when nothing matches", async () => {
    const { user } = renderStep([templatesMock(CATALOG)]);
    await user.type(await screen.findByLabelText('Search templates'), 'cobol');
    expect(screen.getByRole('heading', { name: 'No Templates Found' })).toBeInTheDocument();
    expect(screen.getByText('No templates match your search.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear Search' }));
    expect(screen.getByLabelText('Search templates')).toHaveValue('');
    expect(cardNames()).toHaveLength(4);
  });

  it("reads 'Select a Template' and stays disabled until a template is chosen", async () => {
    const { user, props } = renderStep([templatesMock(CATALOG)]);
    await user.click(await screen.findByTestId('template-go-api'));
    expect(props.onSelectTemplate).toHaveBeenCalledWith(GO_TEMPLATE);
    expect(screen.getByRole('button', { name: 'Select a Template' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
  });

  it('marks the chosen template and enables Continue and Back', async () => {
    const { user, props } = renderStep([templatesMock(CATALOG)], { selectedTemplate: WORKER_TEMPLATE });
    expect(await screen.findByTestId('template-scheduled-worker')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('template-go-api')).toHaveAttribute('aria-pressed', 'false');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(props.onContinue).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(props.onBack).toHaveBeenCalled();
  });

  it('offers a blank project, which also enables Continue', async () => {
    const { user, props } = renderStep([templatesMock(CATALOG)], { blankProject: true });
    const blank = await screen.findByTestId('template-blank');
    expect(blank).toHaveTextContent('Blank project');
    expect(blank).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
    await user.click(blank);
    expect(props.onSelectBlank).toHaveBeenCalled();
  });

  it("shows 'Failed to Load Templates' with the message, and 'Try Again' loads them", async () => {
    const { user } = renderStep([templatesErrorMock('Catalog unreadable'), templatesMock(CATALOG)]);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to Load Templates');
    expect(alert).toHaveTextContent('Catalog unreadable');
    expect(within(alert).getByRole('button', { name: 'Reload Templates' })).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByTestId('template-go-api')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("'Reload Templates' asks the server again", async () => {
    const { user } = renderStep([templatesErrorMock(''), templatesMock([STATIC_TEMPLATE])]);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to Load Templates');
    await user.click(within(alert).getByRole('button', { name: 'Reload Templates' }));
    expect(await screen.findByTestId('template-static-site')).toBeInTheDocument();
  });

  it("shows 'No Templates Available' with 'Retry Loading Templates' for an empty catalog", async () => {
    const { user } = renderStep([templatesMock([]), templatesMock([GO_TEMPLATE])]);
    expect(await screen.findByRole('heading', { name: 'No Templates Available' })).toBeInTheDocument();
    expect(screen.getByText('No templates are configured.')).toBeInTheDocument();
    expect(screen.getByTestId('template-blank')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry Loading Templates' }));
    expect(await screen.findByTestId('template-go-api')).toBeInTheDocument();
  });

  it('says on the card which toolchain this server lacks, and once chosen, that the build will fail and how to install it', async () => {
    const noGo = { ...GO_TEMPLATE, toolchains: [toolchain('go', false)] };
    renderStep([templatesMock([noGo, STATIC_TEMPLATE])], { selectedTemplate: noGo });
    expect(await screen.findByTestId('template-go-api')).toHaveTextContent('Needs Go, not installed on this server');
    expect(screen.getByTestId('template-static-site')).not.toHaveTextContent('not installed');
    const warning = await screen.findByText('Go is not installed on this server');
    expect(warning.closest('[role="status"]')).toHaveTextContent(
      'A project from go-api can be created, but its build fails here until then. Install Go on the Slipway server (Debian or Ubuntu: apt-get install golang-go).',
    );
  });
});
