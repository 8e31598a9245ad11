import { readConfig, widgetApi, WidgetError, type WidgetApi, type WidgetChoice, type WidgetConfig } from './api';
import { chooseLanguage, directionOf, STRINGS, type WidgetLanguage, type WidgetStrings } from './i18n';
import { icon } from './icons';
import { renderMarkdown } from './markdown';
import { applyStyles, palette } from './styles';
import { visitorId } from './visitor';

// The widget on a page: a launcher in a corner and, opened, a chat panel, inside a shadow root
// appended to <body>. Everything is plain DOM; the answer's Markdown is built as nodes
// (markdown.ts), the visitor's own words are text.

export type MountOptions = {
  api: Pick<WidgetApi, 'history' | 'chat'>;
  lang: WidgetLanguage;
  doc?: Document;
  /** Open from the start, without taking the page's focus (the dashboard's preview). */
  startOpen?: boolean;
  /** Show the visitor's conversation so far when opened (off in the preview). */
  loadHistory?: boolean;
};

export type WidgetHandle = { host: HTMLElement; open(focus?: boolean): void; close(focusLauncher?: boolean): void; destroy(): void };

const HOST_TAG = 'agentforge-widget';
/** While a person of the team holds the conversation and the panel is open, their answers are read this often. */
export const HANDOFF_POLL_MS = 5000;

function make<K extends keyof HTMLElementTagNameMap>(doc: Document, tag: K, className?: string, attrs: Record<string, string> = {}): HTMLElementTagNameMap[K] {
  const el = doc.createElement(tag);
  if (className) el.className = className;
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  return el;
}

/** Runs `cb` at the next frame (or soon, where there are no frames); returns its cancellation. */
function nextFrame(cb: () => void): () => void {
  if (typeof requestAnimationFrame === 'function') {
    const id = requestAnimationFrame(cb);
    return () => cancelAnimationFrame(id);
  }
  const id = setTimeout(cb, 16);
  return () => clearTimeout(id);
}

/** The words a visitor reads for a failure. */
export function errorText(e: unknown, t: WidgetStrings): string {
  if (e instanceof WidgetError) {
    if (e.status === 429 || e.code === 'rate_limited') return t.rateLimited;
    if ([403, 404, 409].includes(e.status)) return t.unavailable;
  }
  return t.error;
}

/** Draws the widget for `config` and appends it to the page's body. */
export function mountWidget(config: WidgetConfig, { api, lang, doc = document, startOpen = false, loadHistory = true }: MountOptions): WidgetHandle {
  const t = STRINGS[lang];
  const host = doc.createElement(HOST_TAG);
  host.setAttribute('data-agent-id', config.agentId);
  const shadow = host.attachShadow({ mode: 'open' });
  applyStyles(shadow, doc);

  const root = make(doc, 'div', `root ${config.position === 'bottom-left' ? 'left' : 'right'}`, { dir: directionOf(lang), lang });
  for (const [name, value] of Object.entries(palette(config.color))) root.style.setProperty(name, value);

  // The launcher.
  const launcher = make(doc, 'button', 'launcher', { type: 'button', 'aria-expanded': 'false', 'aria-controls': 'af-panel', 'aria-label': t.open });
  launcher.appendChild(icon(config.icon, doc));

  // The panel: header, conversation, suggestions, message box.
  const title = config.title || t.conversation;
  const panel = make(doc, 'div', 'panel', { id: 'af-panel', role: 'dialog', 'aria-labelledby': 'af-title' });
  panel.hidden = true;
  const header = make(doc, 'div', 'header');
  const avatar = make(doc, 'div', 'avatar');
  const fallbackAvatar = () => avatar.replaceChildren(icon(config.icon, doc, 18));
  if (config.avatarUrl) {
    const img = make(doc, 'img', undefined, { alt: '', referrerpolicy: 'no-referrer', src: config.avatarUrl });
    img.addEventListener('error', fallbackAvatar, { once: true });
    avatar.appendChild(img);
  } else fallbackAvatar();
  const heading = make(doc, 'div', 'title', { id: 'af-title' });
  // The title, the messages and the suggestions keep their own direction (an English greeting on an Arabic page).
  heading.appendChild(make(doc, 'bdi')).textContent = title;
  const closeButton = make(doc, 'button', 'icon-button', { type: 'button', 'aria-label': t.close });
  closeButton.appendChild(icon('close', doc));
  header.append(avatar, heading, closeButton);

  const log = make(doc, 'div', 'log', { role: 'log', 'aria-live': 'polite', 'aria-label': t.conversation, tabindex: '0' });
  const chips = make(doc, 'div', 'chips', { role: 'group', 'aria-label': t.suggestions });
  const composer = make(doc, 'form', 'composer', { novalidate: '' });
  const label = make(doc, 'label', 'sr-only', { for: 'af-input' });
  label.textContent = t.message;
  const input = make(doc, 'textarea', 'input', { id: 'af-input', rows: '1', placeholder: t.placeholder, dir: 'auto', maxlength: '4000' });
  const sendButton = make(doc, 'button', 'send', { type: 'submit', 'aria-label': t.send });
  sendButton.appendChild(icon('send', doc));
  composer.append(label, input, sendButton);
  const footer = make(doc, 'div', 'footer');
  footer.textContent = t.poweredBy;
  panel.append(header, log, chips, composer, footer);
  root.append(panel, launcher);
  shadow.appendChild(root);

  const visitor = visitorId();
  let busy = false;
  let historyAsked = false;
  let errorLine: HTMLElement | null = null;
  // The flow's buttons under the last answer, until something is sent.
  let choicesGroup: HTMLElement | null = null;
  // A person of the team holds the conversation: a notice says so, and their answers are read.
  let handedOff = false;
  let handoffNotice: HTMLElement | null = null;
  let pollTimer: ReturnType<typeof setInterval> | null = null;
  let polling = false;
  // The messages on screen that the server gave an id, so a read of the history adds each once.
  const shownIds = new Set<string>();

  const nearBottom = () => log.scrollHeight - log.scrollTop - log.clientHeight < 80;
  const toBottom = () => {
    log.scrollTop = log.scrollHeight;
  };

  const bubble = (role: 'user' | 'assistant', content: string) => {
    const el = make(doc, 'div', `msg ${role}`, { 'data-role': role, dir: 'auto' });
    if (role === 'user') el.textContent = content;
    else el.appendChild(renderMarkdown(content, doc));
    log.appendChild(el);
    return el;
  };
  const fill = (el: HTMLElement, content: string) => el.replaceChildren(renderMarkdown(content, doc));
  const showError = (text: string) => {
    errorLine?.remove();
    errorLine = make(doc, 'div', 'error', { 'data-role': 'error' });
    errorLine.textContent = text;
    log.appendChild(errorLine);
    toBottom();
  };

  const clearChoices = () => {
    choicesGroup?.remove();
    choicesGroup = null;
  };
  /** The buttons a flow offers under its answer: each sends its label (Tab reaches them, Enter or Space chooses). */
  const showChoices = (choices: WidgetChoice[]) => {
    clearChoices();
    if (choices.length === 0) return;
    choicesGroup = make(doc, 'div', 'choices', { role: 'group', 'aria-label': t.choices, 'data-role': 'choices' });
    for (const choice of choices) {
      const button = make(doc, 'button', 'chip', { type: 'button', dir: 'auto' });
      button.textContent = choice.label;
      button.addEventListener('click', () => void send(choice.label));
      choicesGroup.appendChild(button);
    }
    log.appendChild(choicesGroup);
  };

  /** Reads the history for what the person of the team wrote, and whether they still hold the conversation. */
  async function poll() {
    if (polling) return;
    polling = true;
    try {
      const history = await api.history(visitor);
      const follow = nearBottom();
      let added = false;
      for (const m of history.messages) {
        if (m.role !== 'assistant' || !m.id || shownIds.has(m.id) || m.content.trim() === '') continue;
        shownIds.add(m.id);
        bubble('assistant', m.content);
        added = true;
      }
      setHandedOff(history.handedOff);
      if (added && follow) toBottom();
    } catch {
      // Tried again at the next tick.
    } finally {
      polling = false;
    }
  }
  const stopPolling = () => {
    if (pollTimer) clearInterval(pollTimer);
    pollTimer = null;
  };
  /** Polls while a person holds the conversation and the panel is open. */
  const syncPolling = () => {
    if (handedOff && !panel.hidden && loadHistory) pollTimer ??= setInterval(() => void poll(), HANDOFF_POLL_MS);
    else stopPolling();
  };
  function setHandedOff(value: boolean) {
    if (value !== handedOff) {
      handedOff = value;
      handoffNotice?.remove();
      handoffNotice = null;
      if (value) {
        clearChoices();
        handoffNotice = make(doc, 'div', 'notice', { role: 'status', 'data-role': 'handoff' });
        handoffNotice.textContent = t.handedOff;
        log.appendChild(handoffNotice);
        toBottom();
      }
    }
    syncPolling();
  }

  if (config.greeting) bubble('assistant', config.greeting).setAttribute('data-greeting', 'true');
  for (const question of config.suggestedQuestions) {
    const chip = make(doc, 'button', 'chip', { type: 'button', dir: 'auto' });
    chip.textContent = question;
    chip.addEventListener('click', () => void send(question));
    chips.appendChild(chip);
  }

  const resize = () => {
    input.style.height = 'auto';
    input.style.height = `${Math.min(input.scrollHeight + 2, 120)}px`;
  };

  async function showHistory() {
    if (historyAsked || !loadHistory) return;
    historyAsked = true;
    try {
      const history = await api.history(visitor);
      const shown = history.messages.filter((m) => m.content.trim() !== '');
      if (shown.length > 0) {
        // Whatever the visitor sent meanwhile stays after the earlier conversation.
        const first = log.querySelector(':scope > [data-role]:not([data-greeting])');
        for (const m of shown) {
          if (m.id) shownIds.add(m.id);
          log.insertBefore(bubble(m.role, m.content), first);
        }
        if (shown.some((m) => m.role === 'user')) chips.replaceChildren();
        // The flow's buttons under its last answer, when nothing was said after it.
        const last = shown[shown.length - 1];
        if (!first && !history.handedOff && last?.role === 'assistant') showChoices(last.choices);
      }
      if (!busy) setHandedOff(history.handedOff);
      toBottom();
    } catch {
      // A new visitor, or a page the server will not answer: the greeting alone.
    }
  }

  async function send(text: string) {
    const message = text.trim();
    if (!message || busy) return;
    busy = true;
    sendButton.setAttribute('aria-disabled', 'true');
    errorLine?.remove();
    chips.replaceChildren();
    clearChoices();
    bubble('user', message);
    if (text === input.value) {
      input.value = '';
      resize();
    }
    const answer = make(doc, 'div', 'msg assistant', { 'data-role': 'assistant', 'aria-busy': 'true', dir: 'auto' });
    const typing = make(doc, 'span', 'typing');
    typing.append(make(doc, 'span'), make(doc, 'span'), make(doc, 'span'));
    const typingLabel = make(doc, 'span', 'sr-only');
    typingLabel.textContent = t.typing;
    answer.append(typing, typingLabel);
    log.appendChild(answer);
    toBottom();

    let written = '';
    // The next frame's painting, when one is asked for (a holder: the callbacks below change it).
    const pending: { cancel: (() => void) | null } = { cancel: null };
    const paint = () => {
      pending.cancel = null;
      const follow = nearBottom();
      fill(answer, written);
      if (follow) toBottom();
    };
    try {
      const result = await api.chat(visitor, message, (piece) => {
        written += piece;
        // Several pieces may arrive within a frame: the Markdown is built once per frame.
        pending.cancel ??= nextFrame(paint);
      });
      pending.cancel?.();
      pending.cancel = null;
      written = result.content || written;
      if (written) fill(answer, written);
      else answer.remove();
      if (result.id) shownIds.add(result.id);
      if (result.handedOff || result.ending === 'handoff') {
        // A person of the team holds the conversation (or the flow just handed it to one).
        setHandedOff(true);
      } else {
        if (handedOff) setHandedOff(false);
        showChoices(result.choices);
      }
    } catch (e) {
      if (written) fill(answer, written);
      else answer.remove();
      showError(errorText(e, t));
    } finally {
      pending.cancel?.();
      answer.removeAttribute('aria-busy');
      busy = false;
      sendButton.removeAttribute('aria-disabled');
      toBottom();
    }
  }

  function open(focus = true) {
    panel.hidden = false;
    root.classList.add('open');
    launcher.setAttribute('aria-expanded', 'true');
    launcher.setAttribute('aria-label', t.closeChat);
    launcher.replaceChildren(icon('down', doc));
    toBottom();
    if (focus) input.focus();
    void showHistory();
    syncPolling();
  }

  function close(focusLauncher = true) {
    panel.hidden = true;
    root.classList.remove('open');
    launcher.setAttribute('aria-expanded', 'false');
    launcher.setAttribute('aria-label', t.open);
    launcher.replaceChildren(icon(config.icon, doc));
    if (focusLauncher) launcher.focus();
    syncPolling();
  }

  launcher.addEventListener('click', () => (panel.hidden ? open() : close()));
  closeButton.addEventListener('click', () => close());
  root.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && !panel.hidden) {
      e.stopPropagation();
      close();
    }
  });
  composer.addEventListener('submit', (e) => {
    e.preventDefault();
    void send(input.value);
  });
  input.addEventListener('keydown', (e) => {
    // Enter sends, Shift+Enter breaks the line; an input method composing (Japanese, Chinese…) keeps its Enter.
    if (e.key === 'Enter' && !e.shiftKey && !e.isComposing && e.keyCode !== 229) {
      e.preventDefault();
      void send(input.value);
    }
  });
  input.addEventListener('input', resize);

  (doc.body ?? doc.documentElement).appendChild(host);
  if (startOpen) {
    // Already open as the page shows (the preview, drawn again as its settings change): no fade-in.
    panel.style.animation = 'none';
    open(false);
  }

  return {
    host,
    open,
    close,
    destroy: () => {
      stopPolling();
      host.remove();
    },
  };
}

/** The script tag that loaded the widget: the running one, else the last `…/widget.js` of the page. */
export function findScript(doc: Document = document): HTMLScriptElement | null {
  const current = doc.currentScript;
  if (current instanceof HTMLScriptElement && current.dataset.agentId !== undefined) return current;
  const scripts = Array.from(doc.querySelectorAll<HTMLScriptElement>('script[src]')).filter((s) => /\/widget\.js(?:[?#]|$)/.test(s.src));
  return scripts[scripts.length - 1] ?? null;
}

const bodyReady = (doc: Document) =>
  doc.body ? Promise.resolve() : new Promise<void>((resolve) => doc.addEventListener('DOMContentLoaded', () => resolve(), { once: true }));

/**
 * Starts the widget of `script`: its agent (`data-agent-id`), its server (the script's origin),
 * its face (GET /config; the preview passes it as `data-preview`), and the visitor's language.
 * A widget the server refuses here (turned off, an origin not allowed) draws nothing.
 */
export async function startWidget(script: HTMLScriptElement, doc: Document = document): Promise<WidgetHandle | null> {
  const agentId = script.dataset.agentId?.trim();
  if (!agentId) {
    console.warn('[AgentForge] widget.js needs the data-agent-id attribute of an agent.');
    return null;
  }
  // One widget per tag, however often the script runs.
  if (script.dataset.agentforgeStarted) return null;
  script.dataset.agentforgeStarted = 'true';
  const base = new URL(script.src, doc.baseURI).origin;
  const api = widgetApi(base, agentId);
  const preview = script.dataset.preview;
  let config: WidgetConfig;
  if (preview !== undefined) {
    let raw: unknown = null;
    try {
      raw = JSON.parse(preview);
    } catch {
      // Drawn with the defaults.
    }
    config = readConfig(raw, agentId);
  } else {
    try {
      config = await api.config();
    } catch (e) {
      const why =
        e instanceof WidgetError && e.status === 404
          ? 'its widget is turned off, or there is no such agent'
          : e instanceof WidgetError && e.status === 403
            ? `this page's origin (${doc.location?.origin ?? 'unknown'}) is not among the widget's allowed origins`
            : 'the server did not answer (is this origin allowed?)';
      console.warn(`[AgentForge] The chat widget of agent ${agentId} is not shown: ${why}.`);
      return null;
    }
  }
  const nav = doc.defaultView?.navigator;
  const lang = chooseLanguage({ page: doc.documentElement.lang, agent: config.language, browser: nav?.languages?.length ? nav.languages : [nav?.language ?? ''] });
  await bodyReady(doc);
  return mountWidget(config, { api, lang, doc, startOpen: script.dataset.open === 'true', loadHistory: preview === undefined });
}
