/**
 * The help center's content: sections of articles, written once per language with the same ids
 * (`content.test.ts` holds every language to English's ids and links).
 *
 * Text may mark code with backticks (`/v1`): it is shown as code, kept left-to-right inside
 * Arabic, and searched without the backticks.
 */

/** One block of an article: a paragraph, numbered steps, or a list of points. */
export type HelpBlock = string | { steps: string[] } | { list: string[] };

/**
 * A link under an article: `to` is a route of this app (a react-router link), `href` a page the
 * server itself serves (the API reference). `admin` links go to the admin area: only admins see
 * them, everyone else reads that an administrator does it.
 */
export type HelpLink = { label: string; admin?: boolean } & ({ to: string; href?: never } | { href: string; to?: never });

export type HelpArticle = {
  /** The article's anchor (`/dashboard/help#connect-a-model`): unique across the whole help. */
  id: string;
  title: string;
  body: HelpBlock[];
  links?: HelpLink[];
};

export type HelpSection = {
  /** The section's anchor, unique across the whole help. */
  id: string;
  title: string;
  articles: HelpArticle[];
};
