/**
 * The specification's voice suggestion rules, first match wins: business/professional → daniel,
 * support/service → bella, education/tutor → emily, chat/friendly → charlie,
 * expert/advisor → george, otherwise rachel.
 */
const RULES: Array<[RegExp, string]> = [
  [/business|professional/, 'daniel'],
  [/support|service/, 'bella'],
  [/education|tutor/, 'emily'],
  [/chat|friendly/, 'charlie'],
  [/expert|advisor/, 'george'],
];

export const DEFAULT_VOICE = 'rachel';

export function suggestVoice(...texts: Array<string | null | undefined>): string {
  const text = texts.filter(Boolean).join(' ').toLowerCase();
  for (const [re, voice] of RULES) if (re.test(text)) return voice;
  return DEFAULT_VOICE;
}
