import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PRICING } from '@/features/configuration/utils/sections';
import { configurationApi, makeConfiguration, makeSettings } from '@/testing/mocks/configuration';
import { fail, mockApi } from '@/testing/mocks/http';
import { server } from '@/testing/mocks/server';
import { adminUser, renderApp } from '@/testing/test-utils';

const card = () => screen.getByRole('region', { name: 'Pricing' });

async function open(config = makeConfiguration()) {
  const api = configurationApi(config);
  server.use(...api.handlers);
  const rendered = renderApp('/admin/configuration', { user: adminUser });
  await screen.findByRole('region', { name: 'Pricing' });
  return { ...rendered, api };
}

const priced = makeConfiguration({ settings: makeSettings({ pricing: { models: { 'gpt-4o-mini': { inputPerMillion: 0.15, outputPerMillion: 0.6 } } } }) });

describe('Admin › Configuration › Pricing', () => {
  it('says how the reports use it, and that nothing is priced yet', async () => {
    await open();
    const pricing = within(card());
    expect(pricing.getByText(/Write each model’s name exactly as answers record it/)).toBeInTheDocument();
    expect(pricing.getByRole('link', { name: 'See the models in use' })).toHaveAttribute('href', '/dashboard/analytics#usage');
    expect(pricing.getByText(/No prices yet/)).toBeInTheDocument();
    expect(pricing.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(document.getElementById('pricing')).toContainElement(card());
    expect(screen.getByRole('navigation', { name: 'Configuration sections', hidden: true })).toHaveTextContent('Pricing');
  });

  it('adds a model and saves the table alone', async () => {
    const { api, user } = await open(priced);
    const pricing = within(card());
    expect(pricing.getByLabelText('Model name, row 1')).toHaveValue('gpt-4o-mini');
    expect(pricing.getByLabelText('Input price, row 1')).toHaveValue('0.15');
    expect(pricing.getByLabelText('Output price, row 1')).toHaveValue('0.6');

    await user.click(pricing.getByRole('button', { name: 'Add model' }));
    await user.type(pricing.getByLabelText('Model name, row 2'), ' gpt-4o ');
    await user.type(pricing.getByLabelText('Input price, row 2'), '2,50');
    await user.type(pricing.getByLabelText('Output price, row 2'), '10');
    await user.click(pricing.getByRole('button', { name: 'Save' }));

    expect(await pricing.findByText('Saved and applied')).toBeInTheDocument();
    expect(api.state.saves).toEqual([
      {
        pricing: {
          models: {
            'gpt-4o-mini': { inputPerMillion: 0.15, outputPerMillion: 0.6 },
            'gpt-4o': { inputPerMillion: 2.5, outputPerMillion: 10 },
          },
        },
      },
    ]);
    expect(pricing.getByText('Saved here')).toBeInTheDocument();
    expect(pricing.getAllByTestId('pricing-row')).toHaveLength(2);
  });

  it('removes a model', async () => {
    const { api, user } = await open(priced);
    const pricing = within(card());
    await user.click(pricing.getByRole('button', { name: 'Remove row 1' }));
    expect(pricing.queryAllByTestId('pricing-row')).toHaveLength(0);
    await user.click(pricing.getByRole('button', { name: 'Save' }));
    await pricing.findByText('Saved and applied');
    expect(api.state.saves).toEqual([{ pricing: { models: {} } }]);
  });

  it('checks names and prices before sending them', async () => {
    const { api, user } = await open(priced);
    const pricing = within(card());
    await user.click(pricing.getByRole('button', { name: 'Add model' }));
    await user.type(pricing.getByLabelText('Model name, row 2'), 'gpt-4o-mini');
    await user.type(pricing.getByLabelText('Input price, row 2'), 'free');
    await user.type(pricing.getByLabelText('Output price, row 2'), '200000');
    await user.click(pricing.getByRole('button', { name: 'Save' }));
    expect(await pricing.findByText('This model is already in the table')).toBeInTheDocument();
    expect(pricing.getByLabelText('Input price, row 2')).toHaveAccessibleDescription('Must be a number');
    expect(pricing.getByLabelText('Output price, row 2')).toHaveAccessibleDescription('Must be a price from 0 to 100,000');
    expect(pricing.getByLabelText('Model name, row 2')).toHaveAttribute('aria-invalid', 'true');
    expect(api.state.saves).toEqual([]);
  });

  it("puts the server's refusal beside the row it names", async () => {
    const { user } = await open(priced);
    server.use(
      mockApi.put('/admin/configuration', () =>
        fail(422, 'validation_failed', 'Validation failed', [{ field: 'pricing.models.gpt-4.1.outputPerMillion', message: 'A price per million tokens from 0 to 100000' }]),
      ),
    );
    const pricing = within(card());
    await user.click(pricing.getByRole('button', { name: 'Add model' }));
    // A name with a dot in it: the row is found by its whole name.
    await user.type(pricing.getByLabelText('Model name, row 2'), 'gpt-4.1');
    await user.type(pricing.getByLabelText('Input price, row 2'), '2');
    await user.type(pricing.getByLabelText('Output price, row 2'), '8');
    await user.click(pricing.getByRole('button', { name: 'Save' }));
    const output = pricing.getByLabelText('Output price, row 2');
    await waitFor(() => expect(output).toHaveAttribute('aria-invalid', 'true'));
    expect(output).toHaveAccessibleDescription('Must be a price from 0 to 100,000');
    expect(pricing.getByLabelText('Output price, row 1')).not.toHaveAttribute('aria-invalid');
    expect(pricing.queryByText('Saved and applied')).not.toBeInTheDocument();
  });

  it('reads and writes the table', () => {
    const current = priced.settings.pricing;
    const form = PRICING.toForm(current);
    expect(form).toEqual({ models: [{ name: 'gpt-4o-mini', inputPerMillion: '0.15', outputPerMillion: '0.6' }] });
    expect(PRICING.toInput(form, current)).toEqual(current);
    expect(PRICING.serverFields?.(form)).toMatchObject({ 'pricing.models.gpt-4o-mini.inputPerMillion': 'models.0.inputPerMillion', 'pricing.models.gpt-4o-mini': 'models.0.name' });
  });
});
