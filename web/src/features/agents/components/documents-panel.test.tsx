import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import type { AgentDocument } from '@/features/agents/api/documents';
import { DocumentsPanel } from '@/features/agents/components/documents-panel';
import { fail, ok } from '@/testing/mocks/agents';
import { server } from '@/testing/mocks/server';

function makeDocument(over: Partial<AgentDocument> = {}): AgentDocument {
  return {
    id: 'd1',
    agentId: 'a1',
    name: 'refunds.md',
    contentType: 'text/markdown',
    size: 12_800,
    status: 'ready',
    passageCount: 4,
    charCount: 3000,
    createdAt: '2026-01-01T00:00:00Z',
    ...over,
  } as AgentDocument;
}

/** The documents of agent a1, kept in memory across list, upload and delete. */
function documentsApi(initial: AgentDocument[]) {
  let docs = [...initial];
  const deleted: string[] = [];
  server.use(
    http.get('*/api/agents/a1/documents', () => ok(docs)),
    http.delete('*/api/agents/a1/documents/:id', ({ params }) => {
      deleted.push(String(params.id));
      docs = docs.filter((d) => d.id !== params.id);
      return ok({ deleted: true });
    }),
  );
  return {
    deleted,
    add: (d: AgentDocument) => {
      docs = [...docs, d];
    },
  };
}

/**
 * jsdom's FormData does not survive Node's fetch, so uploads are answered before sending;
 * every other call still goes to msw.
 */
function mockUpload(answer: (form: FormData) => Response) {
  const realFetch = globalThis.fetch;
  const sent: FormData[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    if (String(input).endsWith('/api/upload/document')) {
      const form = init?.body as FormData;
      sent.push(form);
      return Promise.resolve(answer(form));
    }
    return realFetch(input, init);
  });
  return sent;
}

function renderPanel() {
  const user = userEvent.setup();
  render(
    <AppProvider>
      <DocumentsPanel agentId="a1" />
    </AppProvider>,
  );
  return { user };
}

describe('agent documents', () => {
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
    expect(screen.getByTestId('document-upload')).toHaveAttribute('accept', '.txt,.md,.html,.pdf,.docx,.csv,.json');
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
      return Response.json({ success: true, data: uploaded }, { status: 201 });
    });
    const { user } = renderPanel();
    await screen.findByText('No documents yet');
    await user.upload(screen.getByLabelText('Upload a document'), new File(['Refunds within 30 days.'], 'faq.txt', { type: 'text/plain' }));
    expect(await screen.findByText('Document added: faq.txt (2 passages)')).toBeInTheDocument();
    expect((sent[0].get('file') as File).name).toBe('faq.txt');
    expect(sent[0].get('agentId')).toBe('a1');
    await waitFor(() => expect(screen.getAllByTestId('document-row')).toHaveLength(1));
  });

  it("shows the server's message when it refuses the file (422)", async () => {
    documentsApi([]);
    mockUpload(() => fail(422, 'unreadable_file', 'broken.pdf could not be read: the PDF is corrupt', [{ field: 'file', message: 'broken.pdf could not be read' }]));
    const { user } = renderPanel();
    await screen.findByText('No documents yet');
    await user.upload(screen.getByTestId('document-upload'), new File(['%PDF-garbage'], 'broken.pdf', { type: 'application/pdf' }));
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
