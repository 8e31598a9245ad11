import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppProvider } from '@/app/provider';
import type { AgentDocument } from '@/features/agents/api/documents';
import { DocumentsPanel } from '@/features/agents/components/documents-panel';
import type { User } from '@/lib/auth';
import { makeAgent, makeDocument as makeAnyDocument } from '@/testing/mocks/agents';
import { fail, mockApi, ok } from '@/testing/mocks/http';
import { FakeWebSocket } from '@/testing/mocks/realtime';
import { server } from '@/testing/mocks/server';
import { ALL_FEATURES, mockStatus } from '@/testing/mocks/system';
import { adminUser, plainUser, renderApp, storeSession } from '@/testing/test-utils';

const makeDocument = (over: Partial<AgentDocument> = {}) => makeAnyDocument({ name: 'refunds.md', size: 12_800, passageCount: 4, charCount: 3000, ...over });

/** The documents of agent a1, kept in memory across list, upload and delete. */
function documentsApi(initial: AgentDocument[]) {
  let docs = [...initial];
  const deleted: string[] = [];
  server.use(
    mockApi.get('/agents/{id}/documents', () => ok(docs), { id: 'a1' }),
    mockApi.delete(
      '/agents/{id}/documents/{documentId}',
      ({ params }) => {
        deleted.push(params.documentId);
        docs = docs.filter((d) => d.id !== params.documentId);
        return ok({ id: params.documentId, deleted: true });
      },
      { id: 'a1' },
    ),
  );
  return {
    deleted,
    add: (d: AgentDocument) => {
      docs = [...docs, d];
    },
  };
}

/** Answers the uploads of agent a1's documents, keeping each multipart form sent. */
function mockUpload(answer: () => ReturnType<typeof ok<AgentDocument>> | ReturnType<typeof fail>) {
  const sent: FormData[] = [];
  server.use(
    mockApi.post('/upload/document', async ({ request }) => {
      const form = await request.formData();
      sent.push(form);
      return answer();
    }),
  );
  return sent;
}

function renderPanel(as?: User) {
  if (as) storeSession(as);
  const user = userEvent.setup();
  render(
    <AppProvider>
      <MemoryRouter>
        <DocumentsPanel agentId="a1" />
      </MemoryRouter>
    </AppProvider>,
  );
  return { user };
}

describe('agent documents', () => {
  // The administrator allows file uploads (the server's default is off: below).
  beforeEach(() => {
    mockStatus(ALL_FEATURES);
  });

  it('lists the documents with type, size, status and passages', async () => {
    documentsApi([makeDocument(), makeDocument({ id: 'd2', name: 'catalogue.pdf', contentType: 'application/pdf', size: 2_097_152, passageCount: 31 })]);
    renderPanel();
    const rows = await screen.findAllByTestId('document-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('refunds.md');
    expect(rows[0]).toHaveTextContent('MD');
    expect(rows[0]).toHaveTextContent('12.5 KB');
    expect(rows[0]).toHaveTextContent('Ready');
    expect(rows[0]).toHaveTextContent('4');
    expect(rows[1]).toHaveTextContent('PDF');
    expect(rows[1]).toHaveTextContent('2 MB');
    expect(await screen.findByTestId('document-upload')).toHaveAttribute('accept', '.txt,.md,.html,.pdf,.docx,.csv,.json');
  });

  it('says when there are none', async () => {
    renderPanel();
    expect(await screen.findByText('No documents yet')).toBeInTheDocument();
  });

  it('uploads a file with the agent id and lists it', async () => {
    const api = documentsApi([]);
    const uploaded = makeDocument({ id: 'd9', name: 'faq.txt', contentType: 'text/plain', passageCount: 2 });
    const sent = mockUpload(() => {
      api.add(uploaded);
      return ok(uploaded, 201);
    });
    const { user } = renderPanel();
    await screen.findByText('No documents yet');
    await user.upload(await screen.findByLabelText('Upload a document'), new File(['Refunds within 30 days.'], 'faq.txt', { type: 'text/plain' }));
    expect(await screen.findByText('Document added: faq.txt (2 passages)')).toBeInTheDocument();
    expect(sent[0].get('file')).toMatchObject({ name: 'faq.txt' });
    expect(sent[0].get('agentId')).toBe('a1');
    await waitFor(() => expect(screen.getAllByTestId('document-row')).toHaveLength(1));
  });

  it("shows the server's message when it refuses the file (422)", async () => {
    documentsApi([]);
    mockUpload(() => fail(422, 'unreadable_file', 'broken.pdf could not be read: the PDF is corrupt', [{ field: 'file', message: 'broken.pdf could not be read' }]));
    const { user } = renderPanel();
    await screen.findByText('No documents yet');
    await user.upload(await screen.findByTestId('document-upload'), new File(['%PDF-garbage'], 'broken.pdf', { type: 'application/pdf' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('broken.pdf could not be read: the PDF is corrupt');
  });

  it('deletes a document after confirmation', async () => {
    const api = documentsApi([makeDocument(), makeDocument({ id: 'd2', name: 'old-prices.csv' })]);
    const { user } = renderPanel();
    await screen.findAllByTestId('document-row');
    await user.click(screen.getByRole('button', { name: 'Delete old-prices.csv' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete old-prices.csv?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete document' }));
    expect(await screen.findByText('Document deleted: old-prices.csv')).toBeInTheDocument();
    expect(api.deleted).toEqual(['d2']);
    await waitFor(() => expect(screen.getAllByTestId('document-row')).toHaveLength(1));
  });
});

describe('agent documents while file uploads are off', () => {
  it('lists the documents but offers no upload, saying the administrator turned uploads off; a user gets no link', async () => {
    documentsApi([makeDocument()]);
    renderPanel(plainUser);
    expect(await screen.findByTestId('document-row')).toHaveTextContent('refunds.md');
    expect(await screen.findByText(/The administrator has turned file uploads off/)).toBeInTheDocument();
    expect(screen.queryByTestId('document-upload')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Turn uploads on' })).not.toBeInTheDocument();
    // What is already in the knowledge base can still be removed.
    expect(screen.getByRole('button', { name: 'Delete refunds.md' })).toBeInTheDocument();
  });

  it('gives an admin the way to turn uploads on', async () => {
    renderPanel(adminUser);
    expect(await screen.findByRole('link', { name: 'Turn uploads on' })).toHaveAttribute('href', '/admin/configuration#features');
    expect(screen.queryByTestId('document-upload')).not.toBeInTheDocument();
  });

  it('says nothing of uploads to someone who may only read the agent', async () => {
    render(
      <AppProvider>
        <DocumentsPanel agentId="a1" readOnly />
      </AppProvider>,
    );
    expect(await screen.findByText('No documents yet')).toBeInTheDocument();
    expect(screen.queryByText(/turned file uploads off/)).not.toBeInTheDocument();
  });

  it('offers the upload without a reload once an admin turns uploads on (configuration.changed)', async () => {
    const status = mockStatus();
    server.use(
      mockApi.get('/agents/{id}', () => ok(makeAgent({ currentVersion: 1 })), { id: 'a1' }),
      mockApi.get('/agents/{id}/versions', () => ok([]), { id: 'a1' }),
      mockApi.get('/agents/{id}/analytics', () => ok({ period: 'month', from: '', to: '', totals: { conversations: 0, messages: 0, users: 0, tokensIn: 0, tokensOut: 0 }, series: [] }), { id: 'a1' }),
    );
    renderApp('/dashboard/agents/a1', { user: plainUser });
    const documents = await screen.findByRole('region', { name: 'Knowledge base documents' });
    expect(await within(documents).findByText(/turned file uploads off/)).toBeInTheDocument();
    expect(within(documents).queryByTestId('document-upload')).not.toBeInTheDocument();
    const before = status.requests();

    status.set(ALL_FEATURES);
    await waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0));
    act(() => FakeWebSocket.last().open());
    act(() => FakeWebSocket.last().emit({ type: 'configuration.changed', revision: 2 }));

    expect(await within(documents).findByTestId('document-upload')).toBeInTheDocument();
    expect(status.requests()).toBeGreaterThan(before);
    expect(within(documents).queryByText(/turned file uploads off/)).not.toBeInTheDocument();
  });
});
