import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.AGENTFORGE_E2E_PORT ?? 18080);
const baseURL = `http://127.0.0.1:${port}`;
const binary = process.env.AGENTFORGE_BIN ?? '../target/debug/agentforge';
// A fresh SQLite database for every run. Kept in the environment so the test workers (which load
// this file again) see the same folder: e2e/axe.spec.ts runs the binary's create-admin on it.
process.env.AGENTFORGE_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'agentforge-e2e-'));
const dataDir = process.env.AGENTFORGE_E2E_DATA_DIR;
const secretKey = '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef';
// The tools scenarios (e2e/mcp.spec.ts, e2e/integrations.spec.ts) run on a second server of its
// own, whose model is an OpenAI-compatible stand-in (e2e/stand-ins/openai.mjs) that calls the
// agent's tools, and whose outbound URLs (MCP servers, integrations) may reach this machine (where
// the reference MCP server and the stand-in run).
const toolsPort = port + 1;
const toolsURL = `http://127.0.0.1:${toolsPort}`;
const standInPort = Number(process.env.AGENTFORGE_E2E_MODEL_PORT ?? port + 2);
// The main server transcribes voice messages at this port, where e2e/voice.spec.ts runs its own
// stand-in of an OpenAI-compatible /audio/transcriptions endpoint while it needs one (nothing else
// sends voice messages). Kept in the environment for the test workers, as the data folder is.
process.env.AGENTFORGE_E2E_STT_PORT ??= String(port + 3);
const sttPort = Number(process.env.AGENTFORGE_E2E_STT_PORT);

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  // The total; each project sets its own share below.
  workers: 4,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? 'line' : 'list',
  timeout: 30_000,
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // One worker, files in order: accounts.spec.ts makes the fresh database's first account (its admin).
    { name: 'chromium', testIgnore: /(axe|mcp|configuration|integrations)\.spec\.ts/, workers: 1, use: { browserName: 'chromium' } },
    // Tools, integrations, and the flags at their defaults, on their own server (above), beside the others.
    { name: 'tools', testMatch: /(mcp|configuration|integrations)\.spec\.ts/, workers: 1, use: { browserName: 'chromium', baseURL: toolsURL } },
    // Every page in light and dark, English and Arabic: its four tests side by side, once the
    // others are done (they need the database to themselves first).
    { name: 'axe', testMatch: /axe\.spec\.ts/, dependencies: ['chromium'], workers: 4, use: { browserName: 'chromium' } },
  ],
  webServer: [
    {
      // The emails the server keeps (no mail server here) are printed, links and all, to a file the
      // tests read (e2e/helpers.ts, linkFromMail): the development console of AGENTFORGE_MAIL_CONSOLE.
      command: `"${binary}" serve > "${join(dataDir, 'mail-console.log')}"`,
      url: `${baseURL}/api/system/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        AGENTFORGE_HOST: '127.0.0.1',
        AGENTFORGE_PORT: String(port),
        AGENTFORGE_DATA_DIR: dataDir,
        AGENTFORGE_SECRET_KEY: secretKey,
        AGENTFORGE_LOG_LEVEL: 'warn',
        AGENTFORGE_MAIL_CONSOLE: 'true',
        // The accounts scenarios sign in and out many times from one address.
        AGENTFORGE_RATE_LIMIT_AUTH_PER_IP: '1000',
        AGENTFORGE_RATE_LIMIT_AUTH_PER_EMAIL: '1000',
        // Off by default (the specification's choice); the scenarios here use
        // uploads and teams. configuration.spec.ts switches them on the tools
        // server, which keeps the defaults.
        AGENTFORGE_FEATURE_FILE_UPLOAD: 'true',
        AGENTFORGE_FEATURE_COLLABORATION: 'true',
        // Voice messages are transcribed by e2e/voice.spec.ts's stand-in (above).
        AGENTFORGE_STT_BASE_URL: `http://127.0.0.1:${sttPort}/v1`,
        AGENTFORGE_STT_API_KEY: 'sk-e2e-stand-in',
      },
    },
    {
      command: `node e2e/stand-ins/openai.mjs`,
      url: `http://127.0.0.1:${standInPort}/health`,
      reuseExistingServer: false,
      timeout: 20_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { STAND_IN_PORT: String(standInPort) },
    },
    {
      command: `"${binary}" serve`,
      url: `${toolsURL}/api/system/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        AGENTFORGE_HOST: '127.0.0.1',
        AGENTFORGE_PORT: String(toolsPort),
        AGENTFORGE_DATA_DIR: join(dataDir, 'tools'),
        AGENTFORGE_SECRET_KEY: secretKey,
        AGENTFORGE_LOG_LEVEL: 'warn',
        AGENTFORGE_LLM_PROVIDER: 'openai',
        AGENTFORGE_LLM_BASE_URL: `http://127.0.0.1:${standInPort}/v1`,
        AGENTFORGE_LLM_API_KEY: 'sk-e2e-stand-in',
        AGENTFORGE_OUTBOUND_ALLOW_PRIVATE: 'true',
      },
    },
  ],
});
