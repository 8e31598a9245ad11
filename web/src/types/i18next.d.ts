import 'i18next';
import type admin from '../../public/locales/en/admin.json';
import type agents from '../../public/locales/en/agents.json';
import type common from '../../public/locales/en/common.json';
import type dashboard from '../../public/locales/en/dashboard.json';
import type home from '../../public/locales/en/home.json';
import type landing from '../../public/locales/en/landing.json';
import type legal from '../../public/locales/en/legal.json';
import type login from '../../public/locales/en/login.json';

// Translation keys are typed from the English files (the source language): `t('misspelt.key')`
// fails `npm run typecheck`. Plural keys (`_one`, `_other` …) are called by their base name with
// `{ count }`.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      admin: typeof admin;
      agents: typeof agents;
      common: typeof common;
      dashboard: typeof dashboard;
      home: typeof home;
      landing: typeof landing;
      legal: typeof legal;
      login: typeof login;
    };
  }
}
