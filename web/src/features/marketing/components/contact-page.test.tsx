import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ContactInput } from '@/features/marketing/api/contact';
import { fail, mockApi, ok, type ErrorBody } from '@/testing/mocks/http';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

/** Answers POST /users/contact with `answer`, keeping every body sent. */
function mockContact(answer: () => ReturnType<typeof ok<{ message: string }>> | HttpResponse<ErrorBody> = () => ok({ message: 'Thank you: your message was sent' }, 201)) {
  const sent: ContactInput[] = [];
  server.use(
    mockApi.post('/users/contact', async ({ request }) => {
      sent.push(await request.json());
      return answer();
    }),
  );
  return sent;
}

async function fillForm(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText('Name'), '  Ada Lovelace ');
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Subject'), 'Self-hosting question');
  await user.type(screen.getByLabelText('Message'), 'Can we run it behind our proxy?');
}

const send = () => screen.getByRole('button', { name: 'Send message' });

describe('the contact page', () => {
  it('has a heading, an intro, the form and other ways to get help', async () => {
    const { container } = renderApp('/contact');
    expect(await screen.findByRole('heading', { level: 1, name: 'Get in touch' })).toBeInTheDocument();
    expect(screen.getByText(/Your message goes to the people who run this installation/)).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Send a message' })).toBeInTheDocument();
    for (const label of ['Name', 'Email', 'Subject', 'Message']) expect(screen.getByLabelText(label)).toBeRequired();
    expect(screen.getByLabelText('Company')).not.toBeRequired();

    const help = screen.getByRole('region', { name: 'Other ways to get help' });
    expect(within(help).getByRole('link', { name: /Pricing/ })).toHaveAttribute('href', '/pricing');
    expect(within(help).getByRole('link', { name: /Features/ })).toHaveAttribute('href', '/features');
    expect(within(help).getByRole('link', { name: /API reference/ })).toHaveAttribute('href', '/api/docs');

    // The robots' field: there, but off-screen, hidden from assistive technology and out of the tab order.
    const honeypot = container.querySelector<HTMLInputElement>('input[name="website"]');
    expect(honeypot).not.toBeNull();
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot).toHaveAttribute('autocomplete', 'off');
    expect(honeypot?.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(honeypot).toBeVisible();
  });

  it('says which fields are missing or wrong, and sends nothing', async () => {
    const sent = mockContact();
    const { user } = renderApp('/contact');
    await screen.findByLabelText('Name');
    await user.click(send());
    expect(await screen.findAllByText('Required')).toHaveLength(4);
    for (const label of ['Name', 'Email', 'Subject', 'Message']) {
      const field = screen.getByLabelText(label);
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(expect.stringContaining('Required'));
    }
    expect(screen.getByLabelText('Company')).not.toHaveAttribute('aria-invalid');

    await user.type(screen.getByLabelText('Email'), 'not-an-address');
    await user.click(send());
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('counts the characters left in the message', async () => {
    const { user } = renderApp('/contact');
    const message = await screen.findByLabelText('Message');
    expect(message).toHaveAccessibleDescription('5,000 characters left');
    await user.type(message, 'Hello');
    expect(message).toHaveAccessibleDescription('4,995 characters left');
  });

  it('sends exactly the fields, trimmed, without the empty hidden field, then thanks the sender', async () => {
    const sent = mockContact();
    const { user } = renderApp('/contact');
    await fillForm(user);
    await user.click(send());

    expect(await screen.findByRole('heading', { name: 'Thank you — your message was sent.' })).toHaveFocus();
    expect(screen.getByText(/We'll reply to/)).toHaveTextContent("We'll reply to ada@example.com.");
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(sent).toEqual([{ name: 'Ada Lovelace', email: 'ada@example.com', subject: 'Self-hosting question', message: 'Can we run it behind our proxy?' }]);

    // Another message: the sender is kept, the rest starts empty.
    await user.click(screen.getByRole('button', { name: 'Send another message' }));
    expect(await screen.findByLabelText('Subject')).toHaveFocus();
    expect(screen.getByLabelText('Subject')).toHaveValue('');
    expect(screen.getByLabelText('Message')).toHaveValue('');
    expect(screen.getByLabelText('Name')).toHaveValue('Ada Lovelace');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
  });

  it('sends the company when given', async () => {
    const sent = mockContact();
    const { user } = renderApp('/contact');
    await fillForm(user);
    await user.type(screen.getByLabelText('Company'), 'Analytical Engines Ltd');
    await user.click(send());
    await screen.findByRole('button', { name: 'Send another message' });
    expect(sent[0]).toMatchObject({ company: 'Analytical Engines Ltd' });
    expect(sent[0]).not.toHaveProperty('website');
  });

  it("puts the server's field message under its field", async () => {
    mockContact(() => fail(422, 'validation_failed', 'Validation failed', [{ field: 'subject', message: 'String must contain at most 200 character(s)' }, { field: 'message', message: 'Text must not contain NUL characters' }]));
    const { user } = renderApp('/contact');
    await fillForm(user);
    await user.click(send());
    expect(await screen.findByText('At most 200 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Subject')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Subject')).toHaveAccessibleDescription('At most 200 characters');
    expect(screen.getByLabelText('Message')).toHaveAccessibleDescription(expect.stringContaining('Text must not contain NUL characters'));
    expect(screen.queryByText('Failed to submit contact form')).not.toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Send a message' })).toBeInTheDocument();
  });

  it("shows 'Failed to submit contact form' when the server fails, and keeps what was typed", async () => {
    mockContact(() => fail(500, 'internal_error', 'Internal server error'));
    const { user } = renderApp('/contact');
    await fillForm(user);
    await user.click(send());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to submit contact form');
    expect(alert).toHaveTextContent('Please try again in a moment.');
    expect(screen.getByLabelText('Message')).toHaveValue('Can we run it behind our proxy?');
  });

  it('says to try again later when too many messages came from the address', async () => {
    mockContact(() =>
      HttpResponse.json<ErrorBody>(
        { success: false, error: 'rate_limited', message: 'Too many requests', errors: [] },
        { status: 429, headers: { 'Retry-After': '3600' } },
      ),
    );
    const { user } = renderApp('/contact');
    await fillForm(user);
    await user.click(send());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to submit contact form');
    expect(alert).toHaveTextContent('Please try again later.');
  });
});
