import type { CustomTypeOptions, ParseKeys } from 'i18next';

type Resources = CustomTypeOptions['resources'];

/** A translation key of namespace `Ns` (checked by the compiler against the English file). */
export type KeyOf<Ns extends keyof Resources> = ParseKeys<Ns>;

/** The pages of a `pages` block that have both a title and a description (what a placeholder shows). */
type Described<P> = { [K in keyof P]: P[K] extends { title: string; description: string } ? K : never }[keyof P];

/** The pages the placeholders of each area name (`pages.<page>.title` …). */
export type AdminPage = Described<Resources['admin']['pages']>;
export type PublicPage = Described<Resources['home']['pages']>;
