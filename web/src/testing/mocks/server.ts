import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

export const handlers = [
  http.get('*/api/system/status', () =>
    HttpResponse.json({
      success: true,
      data: {
        version: '0.1.0',
        uptimeSeconds: 5,
        database: 'sqlite',
        providers: {},
        features: { voiceProvider: false, collaboration: false, fileUpload: false },
      },
    }),
  ),
  http.post('*/api/auth/logout', () => HttpResponse.json({ success: true, data: null })),
];

export const server = setupServer(...handlers);
