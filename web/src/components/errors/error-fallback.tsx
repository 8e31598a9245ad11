import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  return String(error);
}

/** The blocking screen shown when a view fails. */
export function ErrorScreen({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex min-h-dvh items-center justify-center bg-white p-6 dark:bg-zinc-950">
      <div className="w-full max-w-lg rounded-2xl border border-zinc-200 p-8 shadow-sm dark:border-zinc-800">
        <h1 className="text-xl font-semibold">{t('errors.somethingWentWrong')}</h1>
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{t('errors.somethingWentWrongHint')}</p>
        <details className="mt-4 rounded-lg bg-zinc-50 p-3 text-sm dark:bg-zinc-900">
          <summary className="cursor-pointer font-medium">{t('errors.details')}</summary>
          <pre className="mt-2 max-h-64 overflow-auto text-xs whitespace-pre-wrap text-zinc-600 dark:text-zinc-400" dir="ltr">
            {describe(error)}
          </pre>
        </details>
        <Button className="mt-6" onClick={() => window.location.reload()}>
          {t('errors.reload')}
        </Button>
      </div>
    </div>
  );
}

/** React Router's errorElement. */
export function RouteErrorScreen() {
  const error = useRouteError();
  return <ErrorScreen error={error} />;
}

type BoundaryState = { error: unknown };

/** Top-level boundary for anything outside the router. */
export class ErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  render() {
    if (this.state.error !== null) return <ErrorScreen error={this.state.error} />;
    return this.props.children;
  }
}
