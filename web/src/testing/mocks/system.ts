import { makeStatus, type StatusOverrides } from '@/testing/mocks/dashboard';
import { mockApi, ok } from '@/testing/mocks/http';
import { server } from '@/testing/mocks/server';

/** Every feature flag on: for the tests of what the flags offer (uploads, team sharing). */
export const ALL_FEATURES = { features: { fileUpload: true, collaboration: true, voiceProvider: true } } satisfies StatusOverrides;

/** A mail server is configured: "open the link we emailed you" is true. */
export const WITH_MAIL = { providers: { mail: 'smtp' } } satisfies StatusOverrides;

/**
 * Answers GET /system/status with `over` on the server's defaults (the default handler has every
 * flag off). `set` changes what the next request gets, as an admin saving the configuration
 * would; `requests` counts the requests.
 */
export function mockStatus(over: StatusOverrides = {}) {
  let status = makeStatus(over);
  let requests = 0;
  server.use(
    mockApi.get('/system/status', () => {
      requests += 1;
      return ok(status);
    }),
  );
  return {
    set: (next: StatusOverrides) => {
      status = makeStatus(next);
    },
    requests: () => requests,
  };
}
