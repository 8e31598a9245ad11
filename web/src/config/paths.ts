export const paths = {
  home: '/',
  login: '/login',
  signup: '/signup',
  register: '/register',
  pricing: '/pricing',
  features: '/features',
  about: '/about',
  contact: '/contact',
  platform: '/platform',
  blog: '/blog',
  demo: '/demo',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  dashboard: '/dashboard',
  settings: '/dashboard/settings',
  admin: '/admin',
} as const;

/** Where a successful sign-in lands when no origin was remembered. */
export const DEFAULT_AFTER_LOGIN = paths.dashboard;
