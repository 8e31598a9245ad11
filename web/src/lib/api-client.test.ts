import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { api, ApiError, REQUEST_TIMEOUT_MS, setUnauthorizedNavigator } from '@/lib/api-client';
import { TOKEN_KEY, USER_KEY } from '@/lib/storage';
import { server } from '@/testing/mocks/server';

describe('api client', () => {
  it('unwraps the success envelope to its data', async () => {
    server.use(http.get('*/api/agents/1', () => HttpResponse.json({ success: true, data: { id: '1', name: 'Nova' } })));
    await expect(api.get('/agents/1')).resolves.toEqual({ id: '1', name: 'Nova' });
  });

  it('keeps the whole envelope for lists so meta is visible', async () => {
    server.use(
      http.get('*/api/agents', () =>
        HttpResponse.json({ success: true, data: [{ id: '1' }], meta: { page: 2, limit: 10, total: 11 } }),
      ),
    );
    await expect(api.list('/agents', { params: { page: 2 } })).resolves.toEqual({
      success: true,
      data: [{ id: '1' }],
      meta: { page: 2, limit: 10, total: 11 },
    });
  });

  it('sends the stored token as a Bearer header and JSON bodies', async () => {
    localStorage.setItem(TOKEN_KEY, 'abc');
    let auth: string | null = null;
    let body: unknown;
    server.use(
      http.post('*/api/echo', async ({ request }) => {
        auth = request.headers.get('authorization');
        body = await request.json();
        return HttpResponse.json({ success: true, data: 'ok' });
      }),
    );
    await api.post('/echo', { a: 1 });
    expect(auth).toBe('Bearer abc');
    expect(body).toEqual({ a: 1 });
  });

  it('turns a failure into an ApiError with message, status, code and field errors', async () => {
    server.use(
      http.post('*/api/agents', () =>
        HttpResponse.json(
          { success: false, error: 'validation_failed', message: 'Name is required', errors: [{ field: 'name', message: 'Required' }] },
          { status: 422 },
        ),
      ),
    );
    const error = await api.post('/agents', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Name is required', status: 422, code: 'validation_failed', errors: [{ field: 'name', message: 'Required' }] });
  });

  it('falls back to the error field, then the per-call default, then the generic message', async () => {
    server.use(http.get('*/api/a', () => HttpResponse.json({ success: false, error: 'not_found' }, { status: 404 })));
    await expect(api.get('/a')).rejects.toMatchObject({ message: 'not_found', status: 404 });

    server.use(http.get('*/api/b', () => new HttpResponse(null, { status: 502 })));
    await expect(api.get('/b', { defaultMessage: 'Failed to get webhooks' })).rejects.toMatchObject({ message: 'Failed to get webhooks', status: 502 });
    await expect(api.get('/b')).rejects.toMatchObject({ message: 'An unexpected error occurred', status: 502, errors: [] });
  });

  it('uses a 600000 ms timeout', () => {
    expect(REQUEST_TIMEOUT_MS).toBe(600000);
  });

  it('uploads a file as multipart under the field "file" with extra fields', async () => {
    // jsdom's FormData does not survive Node's fetch, so the request is inspected before sending.
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json({ success: true, data: { id: 'd1' } }));
    const file = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    await expect(api.upload('/upload/document', file, { agentId: '7' })).resolves.toEqual({ id: 'd1' });
    const [url, init] = fetchSpy.mock.calls[0];
    expect(String(url)).toMatch(/\/api\/upload\/document$/);
    const form = init?.body as FormData;
    expect((form.get('file') as File).name).toBe('notes.txt');
    expect(form.get('agentId')).toBe('7');
    expect(new Headers(init?.headers).get('content-type')).toBeNull();
  });

  describe('on 401', () => {
    const unauthorized = () =>
      server.use(http.get('*/api/me', () => HttpResponse.json({ success: false, error: 'unauthorized', message: 'Token expired' }, { status: 401 })));

    it('clears the session and sends the user to /login?expired=true', async () => {
      const navigate = vi.fn();
      setUnauthorizedNavigator(navigate);
      localStorage.setItem(TOKEN_KEY, 't');
      localStorage.setItem(USER_KEY, '{"email":"a@b.c"}');
      window.history.replaceState(null, '', '/dashboard/agents');
      unauthorized();
      await expect(api.get('/me')).rejects.toMatchObject({ status: 401, message: 'Token expired' });
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
      await expect(api.get('/me')).rejects.toBeInstanceOf(ApiError);
      expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
      expect(navigate).not.toHaveBeenCalled();
    });
  });
});
