import '@testing-library/jest-dom/vitest';
import { File as NodeFile } from 'node:buffer';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { setUnauthorizedNavigator } from '@/lib/api-client';
import { i18n, initI18nWithResources } from '@/lib/i18n';
import { setRealtimeSocketFactory } from '@/lib/realtime';
import { clearToasts } from '@/lib/toast';
import { FakeWebSocket, fakeSocketFactory } from '@/testing/mocks/realtime';
import { server } from '@/testing/mocks/server';

const files = import.meta.glob<Record<string, unknown>>('/public/locales/en/*.json', { eager: true, import: 'default' });
const en: Record<string, Record<string, unknown>> = {};
for (const [path, content] of Object.entries(files)) {
  en[path.split('/').pop()!.replace('.json', '')] = content;
}

await initI18nWithResources({ en });

// Pages load lazily (React Router's `lazy`), and the first import of a large one can take more
// than a second while the whole suite runs on two cores: the `findBy…`/`waitFor` queries wait up
// to 5 s (they return as soon as the screen is there, so passing tests are not slower).
configure({ asyncUtilTimeout: 5000 });

// jsdom has no layout: charts measure their box with ResizeObserver.
if (!('ResizeObserver' in globalThis)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  (globalThis as unknown as { ResizeObserver: typeof ResizeObserverStub }).ResizeObserver = ResizeObserverStub;
}

// jsdom's File and FormData are not Node's, whose fetch sends a multipart body: a jsdom file would
// arrive empty. Node's stand in for them, so an upload is sent (and read by msw) as a browser
// sends it. (jsdom's Blob stays: its FileReader, which the clipboard uses, reads only its own.)
const nodeFormData = (await new Response(new URLSearchParams()).formData()).constructor as typeof FormData;
Object.assign(globalThis, { File: NodeFile, FormData: nodeFormData });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  document.documentElement.className = '';
  window.history.replaceState(null, '', '/');
  setUnauthorizedNavigator(() => {});
  // No real sockets in tests: the app's realtime client gets fakes the tests drive.
  FakeWebSocket.reset();
  setRealtimeSocketFactory(fakeSocketFactory);
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  clearToasts();
  server.resetHandlers();
});
afterAll(() => server.close());
