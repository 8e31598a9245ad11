import { findScript, startWidget } from './widget';

// /widget.js: one tag on any site, `<script src="{server}/widget.js" data-agent-id="…" async>`.
// Runs once as the tag loads (document.currentScript is the tag then, async or not).

const script = findScript();
if (script) void startWidget(script);
else console.warn('[AgentForge] widget.js could not find its own <script> tag.');
