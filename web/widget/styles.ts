// The widget's styles, all inside its shadow root: the page's CSS cannot reach in (its selectors
// stop at the shadow boundary, and `:host` resets what the host element would pass down), and
// none of these rules can reach out. Sizes are in px, never rem: a page may change its root
// font size. Colours come from the agent's settings through custom properties set on `.root`.

const CSS = `
:host{all:initial!important;display:block!important}
.root{all:initial;display:block;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Helvetica Neue",Arial,"Noto Sans Arabic",Tahoma,sans-serif;font-size:14px;line-height:1.5;color:#18181b;font-weight:400;letter-spacing:normal;text-align:start;-webkit-font-smoothing:antialiased;-webkit-text-size-adjust:100%}
.root *,.root *::before,.root *::after{box-sizing:border-box}
.root button,.root textarea{font:inherit;color:inherit;letter-spacing:inherit;margin:0}
.root button{cursor:pointer}
.sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
.launcher,.panel{position:fixed;z-index:2147483000}
.right .launcher,.right .panel{right:20px}
.left .launcher,.left .panel{left:20px}
.launcher{bottom:20px;width:56px;height:56px;padding:0;border:0;border-radius:50%;background:var(--af-accent);color:var(--af-on-accent);display:flex;align-items:center;justify-content:center;box-shadow:0 6px 20px rgba(0,0,0,.22);transition:transform .15s ease}
.launcher:hover{transform:scale(1.06)}
.launcher svg{width:26px;height:26px}
.panel{bottom:88px;width:380px;max-width:calc(100vw - 32px);height:600px;max-height:calc(100vh - 112px);display:flex;flex-direction:column;overflow:hidden;background:#fff;border:1px solid rgba(0,0,0,.08);border-radius:16px;box-shadow:0 16px 48px rgba(0,0,0,.22);animation:af-in .18s ease-out}
.panel[hidden]{display:none}
@keyframes af-in{from{opacity:0;transform:translateY(8px)}to{opacity:1;transform:none}}
.header{display:flex;align-items:center;gap:10px;padding-block:10px;padding-inline:16px 8px;background:var(--af-accent);color:var(--af-on-accent);flex:none}
.avatar{width:32px;height:32px;flex:none;border-radius:50%;overflow:hidden;display:flex;align-items:center;justify-content:center;background:rgba(255,255,255,.22)}
.avatar img{width:100%;height:100%;object-fit:cover;display:block}
.avatar svg{width:18px;height:18px}
.title{flex:1;min-width:0;margin:0;font-size:15px;font-weight:600;line-height:1.3;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.icon-button{width:36px;height:36px;flex:none;padding:0;border:0;border-radius:8px;background:transparent;display:flex;align-items:center;justify-content:center}
.icon-button:hover{background:rgba(127,127,127,.22)}
.icon-button svg{width:20px;height:20px}
.log{flex:1;min-height:0;overflow-y:auto;overscroll-behavior:contain;padding:16px;display:flex;flex-direction:column;gap:10px;background:#f8f8f9}
.msg{max-width:85%;padding:8px 12px;border-radius:14px;overflow-wrap:anywhere;font-size:14px}
.user{align-self:flex-end;background:var(--af-accent);color:var(--af-on-accent);white-space:pre-wrap}
.assistant{align-self:flex-start;background:#fff;color:#18181b;border:1px solid #e4e4e7}
.root[dir=ltr] .user,.root[dir=rtl] .assistant{border-bottom-right-radius:4px}
.root[dir=rtl] .user,.root[dir=ltr] .assistant{border-bottom-left-radius:4px}
.msg p{margin:0 0 8px}
.msg p:last-child,.msg ul:last-child,.msg ol:last-child,.msg pre:last-child{margin-bottom:0}
.msg ul,.msg ol{margin:0 0 8px;padding-inline-start:20px}
.msg li{margin:2px 0}
.msg code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12.5px;background:#f1f1f3;border-radius:4px;padding:1px 4px}
.msg pre{margin:0 0 8px;padding:10px;border-radius:8px;background:#18181b;color:#f4f4f5;overflow-x:auto;direction:ltr;text-align:left}
.msg pre code{background:none;padding:0;color:inherit;white-space:pre}
.msg a{color:var(--af-link);text-decoration:underline;text-underline-offset:2px}
.msg strong{font-weight:600}
.typing{display:inline-flex;align-items:center;gap:4px;height:21px}
.typing span{width:6px;height:6px;border-radius:50%;background:#a1a1aa;animation:af-dot 1.2s infinite ease-in-out}
.typing span:nth-child(2){animation-delay:.2s}
.typing span:nth-child(3){animation-delay:.4s}
@keyframes af-dot{0%,80%,100%{opacity:.3}40%{opacity:1}}
.error{align-self:stretch;padding:8px 12px;border:1px solid #fecaca;border-radius:10px;background:#fef2f2;color:#b91c1c;font-size:13px}
.notice{align-self:stretch;padding:8px 12px;border:1px solid #bae6fd;border-radius:10px;background:#f0f9ff;color:#075985;font-size:13px}
.choices{display:flex;flex-wrap:wrap;gap:6px;align-self:flex-start;max-width:85%}
.chips{display:flex;flex-wrap:wrap;gap:6px;padding:0 16px 10px;background:#f8f8f9;flex:none}
.chips:empty{display:none}
.chip{max-width:100%;padding:6px 12px;border:1px solid var(--af-chip-border);border-radius:999px;background:#fff;color:var(--af-link);font-size:13px;line-height:1.35;text-align:start}
.chip:hover{background:#f4f4f5}
.composer{display:flex;align-items:flex-end;gap:8px;padding:10px 12px;border-top:1px solid #e4e4e7;background:#fff;flex:none}
.input{flex:1;min-width:0;min-height:40px;max-height:120px;resize:none;padding:9px 12px;border:1px solid #d4d4d8;border-radius:10px;background:#fff;color:#18181b;line-height:1.4;outline:none;overflow-y:auto}
.input::placeholder{color:#71717a;opacity:1}
.send{width:40px;height:40px;flex:none;padding:0;border:0;border-radius:10px;background:var(--af-accent);color:var(--af-on-accent);display:flex;align-items:center;justify-content:center}
.send[aria-disabled="true"]{opacity:.55;cursor:default}
.send svg{width:20px;height:20px}
.footer{padding:0 12px 8px;background:#fff;color:#71717a;font-size:11px;text-align:center;flex:none}
.root button:focus-visible,.input:focus-visible{outline:3px solid var(--af-ring);outline-offset:2px}
.input:focus-visible{outline-width:1px;outline-offset:0;border-color:var(--af-ring)}
.header button:focus-visible{outline-color:var(--af-on-accent);outline-offset:-3px}
@media (max-width:480px){
.root .panel{top:0;right:0;bottom:0;left:0;width:auto;max-width:none;height:auto;max-height:none;border:0;border-radius:0}
.open .launcher{display:none}
}
@media (prefers-reduced-motion:reduce){
.launcher,.panel{transition:none;animation:none}
.launcher:hover{transform:none}
.typing span{animation:none;opacity:.6}
}
@media (forced-colors:active){
.launcher,.send,.chip,.msg,.panel{border:1px solid CanvasText}
}
`;

/** Puts the styles into `shadow`: a constructed sheet where the browser has them (no inline `<style>`, which a page's Content-Security-Policy may forbid), else a `<style>`. */
export function applyStyles(shadow: ShadowRoot, doc: Document = document): void {
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(CSS);
    shadow.adoptedStyleSheets = [sheet];
    return;
  } catch {
    // Older browsers and jsdom.
  }
  const style = doc.createElement('style');
  style.textContent = CSS;
  shadow.appendChild(style);
}

const channel = (c: number) => {
  const s = c / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};

/** The relative luminance of `#rrggbb` (WCAG). */
export function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

/** The contrast ratio of two colours (WCAG, 1 to 21). */
export function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
}

const INK = '#18181b';
const WHITE = '#ffffff';

/**
 * The colours drawn from the agent's colour: text on it (white or near-black, whichever reads
 * better), links and focus rings on white (the colour itself when it reads well enough there,
 * else a dark one), and the chips' border.
 */
export function palette(accent: string): Record<'--af-accent' | '--af-on-accent' | '--af-link' | '--af-ring' | '--af-chip-border', string> {
  const onWhite = contrast(accent, WHITE);
  return {
    '--af-accent': accent,
    '--af-on-accent': contrast(accent, WHITE) >= contrast(accent, INK) ? WHITE : INK,
    '--af-link': onWhite >= 4.5 ? accent : INK,
    '--af-ring': onWhite >= 3 ? accent : INK,
    '--af-chip-border': onWhite >= 3 ? accent : '#a1a1aa',
  };
}
