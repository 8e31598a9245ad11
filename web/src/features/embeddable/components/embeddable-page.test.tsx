import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Widget, WidgetSettings } from '@/features/embeddable/api/widget';
import { makeAgent } from '@/testing/mocks/agents';
import { fail, mockApi, ok, paged } from '@/testing/mocks/http';
import { server } from '@/testing/mocks/server';
import { plainUser, renderApp } from '@/testing/test-utils';

const SETTINGS: WidgetSettings = {
  enabled: true,
  allowedOrigins: ['https://shop.example.com'],
  color: '#4f46e5',
  position: 'bottom-right',
  icon: 'chat',
  title: '',
  avatarUrl: null,
  greeting: '',
  suggestedQuestions: ['What are your hours?'],
  visitorMessagesPerMinute: 10,
  ipMessagesPerMinute: 30,
};

function makeWidget(agentId: string, over: Partial<Widget> = {}, settings: Partial<WidgetSettings> = {}): Widget {
  const scriptUrl = 'https://agents.example.com/widget.js';
  return {
    agentId,
    settings: { ...SETTINGS, ...settings },
    snippet: `<script src="${scriptUrl}" data-agent-id="${agentId}" async></script>`,
    scriptUrl,
    ready: true,
    notReadyReason: null,
    updatedAt: '2026-03-01T09:00:00Z',
    ...over,
  };
}

/** Types `text` into `field` at once (typing key by key is slow, and the keys are not what is tested here). */
async function fill(user: ReturnType<typeof renderApp>['user'], field: HTMLElement, text: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

/** /dashboard/integrations/embeddable with two agents, `widgets` by agent, and every PUT recorded (answered by `answer`, else saved as sent). */
async function openPage({
  widgets = { a1: makeWidget('a1'), a2: makeWidget('a2', {}, { color: '#0ea5e9', allowedOrigins: [] }) } as Record<string, Widget>,
  answer,
  path = '/dashboard/integrations/embeddable',
}: { widgets?: Record<string, Widget>; answer?: () => ReturnType<typeof fail>; path?: string } = {}) {
  const puts: { id: string; body: WidgetSettings }[] = [];
  const gets: string[] = [];
  server.use(
    mockApi.get('/agents', () => paged([makeAgent({ id: 'a1', name: 'Shop assistant', status: 'active' }), makeAgent({ id: 'a2', name: 'Support desk' })])),
    mockApi.get('/agents/{id}/widget', ({ params }) => {
      gets.push(params.id);
      return ok(widgets[params.id]!);
    }),
    mockApi.put('/agents/{id}/widget', ({ params, request }) =>
      request.json().then((body: WidgetSettings) => {
        puts.push({ id: params.id, body });
        if (answer) return answer();
        widgets[params.id] = makeWidget(params.id, {}, body);
        return ok(widgets[params.id]);
      }),
    ),
  );
  const app = renderApp(path, { user: plainUser });
  const form = await screen.findByRole('form', { name: /Widget settings of/ });
  return { ...app, form, puts, gets };
}

describe('embeddable widget page', () => {
  it('shows the first agent’s widget: its status, settings, the tag to paste and the preview', async () => {
    const { form } = await openPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Embeddable widget' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Agent' })).toHaveValue('a1');
    expect(form).toHaveAccessibleName('Widget settings of Shop assistant');
    expect(screen.getByText('The widget is on and answers on the allowed origins below.')).toBeInTheDocument();
    expect(within(form).getByRole('switch', { name: 'Widget on' })).toHaveAttribute('aria-checked', 'true');
    expect(within(form).getByRole('textbox', { name: 'Allowed origin 1' })).toHaveValue('https://shop.example.com');
    expect(within(form).getByRole('group', { name: 'Allowed origins' })).toHaveAccessibleDescription(/compared exactly with the page's origin: scheme, host and port must all match/);
    expect(within(form).getByRole('textbox', { name: 'Colour' })).toHaveValue('#4f46e5');
    expect(within(form).getByRole('radio', { name: 'Bottom right' })).toBeChecked();
    expect(within(form).getByRole('radio', { name: 'Speech bubble' })).toBeChecked();
    expect(within(form).getByRole('textbox', { name: 'Title' })).toHaveAttribute('placeholder', 'Shop assistant');
    expect(within(form).getByRole('textbox', { name: 'Suggested question 1' })).toHaveValue('What are your hours?');
    expect(within(form).getByRole('spinbutton', { name: 'Messages per visitor per minute' })).toHaveValue(10);
    expect(within(form).getByRole('spinbutton', { name: 'Messages per address per minute' })).toHaveValue(30);
    expect(screen.getByTestId('widget-snippet')).toHaveTextContent('<script src="https://agents.example.com/widget.js" data-agent-id="a1" async></script>');

    // The preview loads this server's script with the form's look, opened.
    const preview = screen.getByTitle('Widget preview');
    const doc = new DOMParser().parseFromString(preview.getAttribute('srcdoc') ?? '', 'text/html');
    const script = doc.querySelector('script')!;
    expect(script.getAttribute('src')).toBe(`${window.location.origin}/widget.js`);
    expect(script.dataset.agentId).toBe('a1');
    expect(script.dataset.open).toBe('true');
    expect(JSON.parse(script.dataset.preview ?? '')).toMatchObject({ agentId: 'a1', title: 'Shop assistant', greeting: "*The agent's own greeting shows here.*", color: '#4f46e5', suggestedQuestions: ['What are your hours?'] });
    expect(doc.documentElement.lang).toBe('en');
    // This dashboard is not an allowed origin: the preview says so, and offers to allow it.
    expect(screen.getByText(new RegExp(`this dashboard's origin \\(${window.location.origin.replace(/[.:/]/g, '\\$&')}\\) must be an allowed origin`))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Allow this dashboard for preview' })).toBeInTheDocument();
  });

  it('says prominently why the agent cannot answer, with a link to it', async () => {
    await openPage({
      widgets: { a1: makeWidget('a1', { ready: false, notReadyReason: 'The agent has no version deployed to production: deploy it first' }) },
    });
    expect(screen.getByText('This agent cannot answer on the widget yet')).toBeInTheDocument();
    expect(screen.getByTestId('not-ready-reason')).toHaveTextContent('The agent has no version deployed to production: deploy it first');
    expect(screen.getByRole('link', { name: 'Open the agent' })).toHaveAttribute('href', '/dashboard/agents/a1');
  });

  it('switches to another agent, named in the address', async () => {
    const { user, gets, router } = await openPage();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Agent' }), 'a2');
    expect(await screen.findByRole('form', { name: 'Widget settings of Support desk' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?agentId=a2');
    expect(screen.getByRole('textbox', { name: 'Colour' })).toHaveValue('#0ea5e9');
    expect(screen.getByText("The widget is on, but no site may show it yet: add your site's origin and save.")).toBeInTheDocument();
    expect(gets).toEqual(['a1', 'a2']);
  });

  it('opens the agent the address names', async () => {
    const { form } = await openPage({ path: '/dashboard/integrations/embeddable?agentId=a2' });
    expect(form).toHaveAccessibleName('Widget settings of Support desk');
  });

  it('saves the whole document, empty rows left out, and shows it as saved', async () => {
    const { user, form, puts } = await openPage();
    await user.click(within(form).getByRole('button', { name: 'Add origin' }));
    const second = within(form).getByRole('textbox', { name: 'Allowed origin 2' });
    expect(second).toHaveFocus();
    await fill(user, second, 'http://localhost:3000');
    await user.click(within(form).getByRole('button', { name: 'Add origin' }));
    await fill(user, within(form).getByRole('textbox', { name: 'Colour' }), '#0EA5E9');
    await user.click(within(form).getByRole('radio', { name: 'Bottom left' }));
    await user.click(within(form).getByRole('radio', { name: 'Question mark' }));
    await fill(user, within(form).getByRole('textbox', { name: 'Title' }), 'Shop help');
    await fill(user, within(form).getByRole('textbox', { name: 'Avatar image URL' }), 'https://cdn.example.com/a.png');
    await fill(user, within(form).getByRole('textbox', { name: 'Greeting' }), 'Hi there!');
    await user.click(within(form).getByRole('button', { name: 'Remove suggested question 1' }));
    await user.click(within(form).getByRole('button', { name: 'Add question' }));
    await fill(user, within(form).getByRole('textbox', { name: 'Suggested question 1' }), 'Do you ship abroad?');
    await fill(user, within(form).getByRole('spinbutton', { name: 'Messages per visitor per minute' }), '20');
    await user.click(within(form).getByRole('switch', { name: 'Widget on' }));
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Widget saved')).toBeInTheDocument();
    expect(puts).toEqual([
      {
        id: 'a1',
        body: {
          enabled: false,
          allowedOrigins: ['https://shop.example.com', 'http://localhost:3000'],
          color: '#0ea5e9',
          position: 'bottom-left',
          icon: 'help',
          title: 'Shop help',
          avatarUrl: 'https://cdn.example.com/a.png',
          greeting: 'Hi there!',
          suggestedQuestions: ['Do you ship abroad?'],
          visitorMessagesPerMinute: 20,
          ipMessagesPerMinute: 30,
        },
      },
    ]);
    // The form is the saved document now: the empty row is gone, nothing is left to save.
    await waitFor(() => expect(within(form).getAllByTestId('allowedOrigins-row')).toHaveLength(2));
    expect(within(form).getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.getByText('The widget is off: visitors of your sites see nothing. Turn it on and save.')).toBeInTheDocument();
  });

  it('checks what it can before sending anything', async () => {
    const { user, form, puts } = await openPage();
    await fill(user, within(form).getByRole('textbox', { name: 'Allowed origin 1' }), 'https://shop.example.com/checkout');
    await fill(user, within(form).getByRole('textbox', { name: 'Colour' }), 'blue');
    await fill(user, within(form).getByRole('textbox', { name: 'Avatar image URL' }), 'http://cdn.example.com/a.png');
    await fill(user, within(form).getByRole('spinbutton', { name: 'Messages per address per minute' }), '601');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('An origin is a scheme and a host, with a port if needed, and no path: https://shop.example.com')).toBeInTheDocument();
    expect(within(form).getByText('A colour is # and six hexadecimal digits, such as #4f46e5.')).toBeInTheDocument();
    expect(within(form).getByText('Must be an https:// image URL.')).toBeInTheDocument();
    expect(within(form).getByText('A whole number from 1 to 600.')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Allowed origin 1' })).toHaveAttribute('aria-invalid', 'true');
    expect(puts).toEqual([]);
  });

  it('puts the server’s field errors beside their fields, its origin indexes counted without the empty rows', async () => {
    const { user, form, puts } = await openPage({
      answer: () =>
        fail(422, 'validation_error', 'Some fields are invalid', [
          { field: 'allowedOrigins.1', message: 'An origin is a scheme and a host, with a port if needed: https://shop.example.com' },
          { field: 'suggestedQuestions.0', message: 'Too long' },
          { field: 'ipMessagesPerMinute', message: 'From 1 to 600' },
        ]),
    });
    // Row 2 stays empty (not sent), row 3 is the second origin sent.
    await user.click(within(form).getByRole('button', { name: 'Add origin' }));
    await user.click(within(form).getByRole('button', { name: 'Add origin' }));
    await fill(user, within(form).getByRole('textbox', { name: 'Allowed origin 3' }), 'https://xn--80ak6aa92e.com');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]!.body.allowedOrigins).toEqual(['https://shop.example.com', 'https://xn--80ak6aa92e.com']);
    const third = within(form).getByRole('textbox', { name: 'Allowed origin 3' });
    await waitFor(() => expect(third).toHaveAttribute('aria-invalid', 'true'));
    expect(third).toHaveAccessibleDescription('An origin is a scheme and a host, with a port if needed, and no path: https://shop.example.com');
    expect(third).toHaveFocus();
    expect(within(form).getByRole('textbox', { name: 'Allowed origin 1' })).not.toHaveAttribute('aria-invalid');
    expect(within(form).getByRole('textbox', { name: 'Allowed origin 2' })).not.toHaveAttribute('aria-invalid');
    expect(within(form).getByRole('textbox', { name: 'Suggested question 1' })).toHaveAccessibleDescription('Too long');
    expect(within(form).getByRole('spinbutton', { name: 'Messages per address per minute' })).toHaveAccessibleDescription(/A whole number from 1 to 600\./);
    expect(screen.queryByText('Widget saved')).not.toBeInTheDocument();
  });

  it('says why a save was refused when no field is to blame', async () => {
    const { user, form } = await openPage({ answer: () => fail(403, 'forbidden', 'You may view this agent but not change it') });
    await user.type(within(form).getByRole('textbox', { name: 'Title' }), 'Help');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('You may view this agent but not change it');
  });

  it('copies the tag to paste', async () => {
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Copy snippet' }));
    expect(await screen.findByText('Snippet copied')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe('<script src="https://agents.example.com/widget.js" data-agent-id="a1" async></script>');
  });

  it('allows this dashboard for the preview in one click, saving it', async () => {
    const { user, puts } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Allow this dashboard for preview' }));
    expect(await screen.findByText('Widget saved')).toBeInTheDocument();
    expect(puts.map((p) => p.body.allowedOrigins)).toEqual([['https://shop.example.com', window.location.origin]]);
    expect(await screen.findByText("Messages sent here are answered by the agent's production version, as on your site.")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Allow this dashboard for preview' })).not.toBeInTheDocument();
  });

  it('offers to create an agent when there is none', async () => {
    server.use(mockApi.get('/agents', () => paged([])));
    renderApp('/dashboard/integrations/embeddable', { user: plainUser });
    expect(await screen.findByText('You have no agents yet.')).toBeInTheDocument();
    expect(within(screen.getByTestId('empty-state')).getByRole('link', { name: 'Create agent' })).toHaveAttribute('href', '/dashboard/agents/create');
  });
});
