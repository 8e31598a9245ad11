import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { api, ApiError, REQUEST_TIMEOUT_MS, setUnauthorizedNavigator } from '@/lib/api-client';
import { TOKEN_KEY, USER_KEY } from '@/lib/storage';
import { makeAgent } from '@/testing/mocks/agents';
import { fail, mockApi, ok, paged } from '@/testing/mocks/http';
import { server } from '@/testing/mocks/server';
import { makeUser } from '@/testing/mocks/users';

describe('api client', () => {
  it('unwraps the success envelope to its data, with the path parameters filled in', async () => {
    server.use(mockApi.get('/agents/{id}', ({ params }) => ok(makeAgent({ id: params.id, name: 'Nova' }))));
    await expect(api.get('/agents/{id}', { params: { path: { id: 'a 1/2' } } })).resolves.toMatchObject({ id: 'a 1/2', name: 'Nova' });
  });

  it('keeps the whole envelope for lists so meta is visible, and sends the query', async () => {
    let query = '';
    server.use(
      mockApi.get('/agents', ({ request }) => {
        query = new URL(request.url).search;
        return paged([makeAgent()], { page: 2, limit: 10, total: 11 });
      }),
    );
    await expect(api.list('/agents', { params: { query: { page: 2, status: undefined, search: 'a b' } } })).resolves.toEqual({
      success: true,
      data: [makeAgent()],
      meta: { page: 2, limit: 10, total: 11 },
    });
    // Parameters left undefined are left out.
    expect(query).toBe('?page=2&search=a%20b');
  });

  it('sends the stored token as a Bearer header and JSON bodies', async () => {
    localStorage.setItem(TOKEN_KEY, 'abc');
    let seen: { auth: string | null; type: string | null; accept: string | null; body: unknown } | undefined;
    server.use(
      mockApi.post('/agents', async ({ request }) => {
        seen = { auth: request.headers.get('authorization'), type: request.headers.get('content-type'), accept: request.headers.get('accept'), body: await request.json() };
        return ok(makeAgent(), 201);
      }),
    );
    await api.post('/agents', { body: { name: 'Nova' } });
    expect(seen).toEqual({ auth: 'Bearer abc', type: 'application/json', accept: 'application/json', body: { name: 'Nova' } });
  });

  it('turns a failure into an ApiError with message, status, code and field errors', async () => {
    server.use(mockApi.post('/agents', () => fail(422, 'validation_failed', 'Name is required', [{ field: 'name', message: 'Required' }])));
    const error = await api.post('/agents', { body: { name: '' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Name is required', status: 422, code: 'validation_failed', errors: [{ field: 'name', message: 'Required' }] });
  });

  it('falls back to the error field, then the per-call default, then the generic message', async () => {
    server.use(mockApi.get('/conversations/{id}', () => fail(404, 'not_found', '')));
    await expect(api.get('/conversations/{id}', { params: { path: { id: 'c1' } } })).rejects.toMatchObject({ message: 'not_found', status: 404 });

    server.use(mockApi.get('/conversations', () => new HttpResponse(null, { status: 502 })));
    await expect(api.list('/conversations', { defaultMessage: 'Failed to get conversations' })).rejects.toMatchObject({ message: 'Failed to get conversations', status: 502 });
    await expect(api.list('/conversations')).rejects.toMatchObject({ message: 'An unexpected error occurred', status: 502, errors: [] });
  });

  it('turns a network failure into an ApiError with the call’s default message', async () => {
    server.use(mockApi.get('/conversations', () => HttpResponse.error()));
    await expect(api.list('/conversations', { defaultMessage: 'Failed to get conversations' })).rejects.toMatchObject({ name: 'ApiError', message: 'Failed to get conversations', status: 500, code: 'network_error' });
  });

  it('uses a 600000 ms timeout', () => {
    expect(REQUEST_TIMEOUT_MS).toBe(600000);
  });

  it('times out a call that gets no answer', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      server.use(mockApi.get('/teams', () => new Promise<never>(() => {})));
      const call = api.get('/teams').catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
      expect(await call).toMatchObject({ name: 'ApiError', code: 'network_error' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('uploads a file as multipart under the field "file" with the other fields', async () => {
    let form: FormData | undefined;
    let type: string | null = null;
    server.use(
      mockApi.post('/upload/document', async ({ request }) => {
        type = request.headers.get('content-type');
        form = await request.formData();
        return ok({ id: 'd1', agentId: '7', name: 'notes.txt', contentType: 'text/plain', size: 5, charCount: 5, passageCount: 1, status: 'ready', createdAt: '2026-01-01T00:00:00Z' }, 201);
      }),
    );
    const file = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    await expect(api.upload('/upload/document', { body: { file, agentId: '7' } })).resolves.toMatchObject({ id: 'd1' });
    expect(type).toMatch(/^multipart\/form-data; boundary=/);
    const sent = form?.get('file');
    expect(sent).toMatchObject({ name: 'notes.txt', type: 'text/plain' });
    expect(typeof sent === 'object' && sent ? await sent.text() : null).toBe('hello');
    expect(form?.get('agentId')).toBe('7');
  });

  it('downloads a file with the name of Content-Disposition', async () => {
    server.use(
      mockApi.get('/conversations/{id}/export', () =>
        HttpResponse.text('id,role\n1,user\n', { headers: { 'Content-Type': 'text/csv', 'Content-Disposition': `attachment; filename="x.csv"; filename*=UTF-8''R%C3%A9sum%C3%A9.csv` } }),
      ),
    );
    const { blob, filename } = await api.download('/conversations/{id}/export', { params: { path: { id: 'c1' }, query: { format: 'csv' } } });
    expect(filename).toBe('Résumé.csv');
    expect(await blob.text()).toBe('id,role\n1,user\n');
  });

  it('keeps the whole answer for the sign-in, which reads beside data', async () => {
    server.use(mockApi.post('/auth/login', () => ok({ token: 't', refreshToken: 'r', expiresIn: 900, user: makeUser() })));
    await expect(api.raw('post', '/auth/login', { body: { email: 'a@b.co', password: 'pw' } })).resolves.toMatchObject({ success: true, data: { token: 't' } });
  });

  describe('on 401', () => {
    const unauthorized = () => server.use(mockApi.get('/conversations/{id}', () => fail(401, 'unauthorized', 'Token expired')));
    const getOne = () => api.get('/conversations/{id}', { params: { path: { id: 'c1' } } });

    it('clears the session and sends the user to /login?expired=true', async () => {
      const navigate = vi.fn();
      setUnauthorizedNavigator(navigate);
      localStorage.setItem(TOKEN_KEY, 't');
      localStorage.setItem(USER_KEY, '{"email":"a@b.c"}');
      window.history.replaceState(null, '', '/dashboard/agents');
      unauthorized();
      await expect(getOne()).rejects.toMatchObject({ status: 401, message: 'Token expired' });
      expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
      expect(localStorage.getItem(USER_KEY)).toBeNull();
      expect(navigate).toHaveBeenCalledWith('/login?expired=true');
    });

    it.each(['/login', '/register'])('does not redirect when already on %s', async (path) => {
      const navigate = vi.fn();
      setUnauthorizedNavigator(navigate);
      localStorage.setItem(TOKEN_KEY, 't');
      window.history.replaceState(null, '', path);
      unauthorized();
      await expect(getOne()).rejects.toBeInstanceOf(ApiError);
      expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
      expect(navigate).not.toHaveBeenCalled();
    });

    it('keeps the session on a sign-out refused with 401 (it ends anyway)', async () => {
      const navigate = vi.fn();
      setUnauthorizedNavigator(navigate);
      localStorage.setItem(TOKEN_KEY, 't');
      window.history.replaceState(null, '', '/dashboard');
      server.use(mockApi.post('/auth/logout', () => fail(401, 'unauthorized', 'Unauthorized')));
      await expect(api.post('/auth/logout', { body: {}, keepSession: true })).rejects.toMatchObject({ status: 401 });
      expect(localStorage.getItem(TOKEN_KEY)).toBe('t');
      expect(navigate).not.toHaveBeenCalled();
    });
  });
});

// What the compiler refuses: each line below must fail `npm run typecheck` (`@ts-expect-error`
// fails it when the line compiles). Never run; the calls are only type-checked.
export function refusedCalls() {
  // @ts-expect-error a path the document does not have
  void api.get('/agent/{id}', { params: { path: { id: '1' } } });
  // @ts-expect-error a misspelt path parameter
  void api.get('/agents/{id}', { params: { path: { agentId: '1' } } });
  // @ts-expect-error a query parameter the operation does not take
  void api.get('/agents/{id}/analytics', { params: { path: { id: '1' }, query: { perod: 'day' } } });
  // @ts-expect-error a value outside the enum
  void api.get('/agents/{id}/analytics', { params: { path: { id: '1' }, query: { period: 'decade' } } });
  // @ts-expect-error a body field the schema does not have
  void api.post('/agents', { body: { name: 'x', descripton: 'y' } });
  // @ts-expect-error a required body left out
  void api.post('/agents/bulk-delete', {});
  // @ts-expect-error a required path parameter left out
  void api.get('/agents/{id}');
  // @ts-expect-error a list only for paged answers
  void api.list('/agents/{id}', { params: { path: { id: '1' } } });
  // @ts-expect-error streams only where the document says text/event-stream
  void api.stream('/agents', { body: {} });
  // @ts-expect-error an upload field the form does not have
  void api.upload('/upload/document', { body: { file: new Blob([]), agent: '1' } });
}
