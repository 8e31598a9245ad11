import type { WidgetValues } from '@/features/embeddable/utils/form';

// The live preview: a small page in an iframe (`srcdoc`) that loads the real widget script of
// this server, with the form's look handed over as `data-preview` (so it shows unsaved changes,
// and needs no GET /config: a same-origin page sends no `Origin` with a GET, which the widget's
// API would refuse). The iframe is not sandboxed, so it has the dashboard's origin: messages sent
// from it carry that `Origin`, and are answered when the dashboard is an allowed origin.

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** The widget's config, as the widget reads it, for the form's values. */
export function previewConfig(
  agentId: string,
  v: Pick<WidgetValues, 'title' | 'greeting' | 'suggestedQuestions' | 'color' | 'position' | 'icon' | 'avatarUrl'>,
  fallback: { title: string; greeting: string },
) {
  return {
    agentId,
    // Empty: the server shows the agent's name and greeting, which the dashboard does not hold here.
    title: v.title.trim() || fallback.title,
    greeting: v.greeting.trim() || `*${fallback.greeting}*`,
    suggestedQuestions: v.suggestedQuestions.map((q) => q.value.trim()).filter(Boolean),
    color: /^#[0-9a-f]{6}$/i.test(v.color.trim()) ? v.color.trim() : '#4f46e5',
    position: v.position,
    icon: v.icon,
    avatarUrl: v.avatarUrl.trim() || null,
    language: '',
  };
}

/** The preview page: a stand-in site in the reader's language with the widget open on it. */
export function previewDocument({ origin, agentId, config, lang, dir, label }: { origin: string; agentId: string; config: ReturnType<typeof previewConfig>; lang: string; dir: 'ltr' | 'rtl'; label: string }) {
  const attr = escapeHtml;
  return `<!doctype html>
<html lang="${attr(lang)}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(label)}</title>
<style>
html,body{margin:0;height:100%;background:#f4f4f5;font-family:system-ui,sans-serif}
main{padding:24px;max-width:560px}
.bar{height:12px;border-radius:6px;background:#e4e4e7;margin:0 0 12px}
.bar.title{height:20px;width:45%;background:#d4d4d8;margin-bottom:20px}
.block{height:96px;border-radius:12px;background:#e4e4e7;margin:20px 0}
.w1{width:90%}.w2{width:75%}.w3{width:82%}.w4{width:60%}
</style>
</head>
<body>
<main aria-hidden="true"><div class="bar title"></div><div class="bar w1"></div><div class="bar w2"></div><div class="bar w3"></div><div class="block"></div><div class="bar w4"></div></main>
<script src="${attr(origin)}/widget.js" data-agent-id="${attr(agentId)}" data-preview="${attr(JSON.stringify(config))}" data-open="true"></script>
</body>
</html>`;
}
