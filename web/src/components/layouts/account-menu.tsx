import { lazy, Suspense } from 'react';

// The account menu is built on react-aria-components' menu and popover; loaded with the first
// signed-in screen rather than with the app, so the public pages never download them.
const UserMenu = lazy(async () => ({ default: (await import('@/components/layouts/user-menu')).UserMenu }));

/** The account menu of the dashboard and admin headers (an empty slot of its size while it loads). */
export function AccountMenu() {
  return (
    <Suspense fallback={<span aria-hidden className="block size-9" />}>
      <UserMenu />
    </Suspense>
  );
}
