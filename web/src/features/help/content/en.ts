import type { HelpSection } from '@/features/help/content/types';

// The source of the help: every other language translates these sections and articles, with the
// same ids and links. Keep it true to the product as built (docs/*.md).

export const help: HelpSection[] = [
  {
    id: 'getting-started',
    title: 'Getting started',
    articles: [
      {
        id: 'create-account',
        title: 'Create your account',
        body: [
          {
            steps: [
              'Open the sign-up page and enter your full name, your email address and a password of 8 to 128 characters.',
              'Choose Create account. You are signed in at once and land on the dashboard.',
              'Open the link in the verification email. It works once, for 24 hours; Settings can send a new one.',
            ],
          },
          'The first account created on a new installation becomes its administrator; every later account is a regular user. Until your address is verified you can use your agents, but you cannot see or accept team invitations.',
        ],
        links: [{ to: '/dashboard/settings', label: 'Settings' }],
      },
      {
        id: 'create-first-agent',
        title: 'Create your first agent',
        body: [
          {
            steps: [
              'Go to Agents and choose New agent, or open Create agent in the sidebar.',
              'Pick a start: From scratch, From a template (a complete configuration for support, sales and other uses) or From a description (describe the agent and review the draft).',
              'Give it a name, write its instructions and, if you like, a greeting.',
              'Choose Create agent. Nothing is saved before that.',
            ],
          },
          'The agent opens on its own page, with its versions, deployments, knowledge base documents and a test panel.',
        ],
        links: [{ to: '/dashboard/agents/create', label: 'Create an agent' }],
      },
      {
        id: 'chat-with-agent',
        title: 'Chat with your agent',
        body: [
          'On the agent’s page, choose Chat with agent, or open Chat in the sidebar and pick the agent. Write your message: Enter sends it, Shift+Enter starts a new line.',
          'Answers appear as they are written. Stop generating keeps what was said so far. When an answer draws on the knowledge base, its Sources are listed under it.',
          'The test panel on the agent’s page (Test this agent) talks to the current draft. Test conversations stay out of the conversation lists, the live view and the analytics.',
        ],
        links: [
          { to: '/dashboard/chat', label: 'Chat' },
          { to: '/dashboard/agents', label: 'Agents' },
        ],
      },
      {
        id: 'connect-a-model',
        title: 'Connect a language model',
        body: [
          'Until a language model is connected, agents answer with the built-in responder: it greets with the agent’s greeting, quotes the passages of its documents that match the question, and says under each answer that no language model is connected.',
          'An administrator connects a model in Admin › Configuration, section Language model:',
          {
            steps: [
              'Choose the provider: OpenAI-compatible (OpenAI, or any server that speaks its API, such as Ollama, vLLM or LM Studio) or Google Gemini.',
              'Fill in the API address (leave it empty for the provider’s public endpoint), the API key (Gemini needs one; a local server may not) and the default model.',
              'Choose Test connection, then Save. Conversation turns started from then on use the model; no restart is needed.',
            ],
          },
          'If you are not an administrator, ask yours to do it. Each agent can still choose its own model name, temperature and answer length in the Model section of its form.',
        ],
        links: [{ to: '/admin/configuration#model', label: 'Admin › Configuration › Language model', admin: true }],
      },
    ],
  },
  {
    id: 'agents',
    title: 'Agents',
    articles: [
      {
        id: 'agent-create-options',
        title: 'Three ways to start an agent',
        body: [
          {
            list: [
              'From scratch: an empty form with sensible defaults.',
              'From a template: one complete configuration per agent type (general, customer support, sales, sales development, customer success, e-commerce, custom) to adapt.',
              'From a description: say what the agent should do, with its complexity, industry and use case, and choose Generate draft. Without a language model, a template-based generator writes the draft and says so.',
            ],
          },
          'Every start fills the same form in five sections (basics; instructions and greeting; model; voice; knowledge base) for you to review before you choose Create agent.',
        ],
        links: [{ to: '/dashboard/agents/create', label: 'Create an agent' }],
      },
      {
        id: 'agent-instructions',
        title: 'Instructions, greeting and personality',
        body: [
          'Instructions are the agent’s system prompt: its role, its tone, what to do and what never to do (up to 20,000 characters). The greeting (up to 2,000 characters) is shown as the first message of every new chat.',
          'A personality adds a tone, traits and instructions of its own. Four are built in and read-only: friendly, professional, empathetic and concise. Manage personalities, beside the Personality field, lets you create, edit and delete your own.',
          'The Language field sets the language the agent answers in. In the Model section you choose the provider, the model name, the temperature (0 to 2: higher gives more varied answers) and the maximum answer length in tokens.',
        ],
      },
      {
        id: 'agent-edit',
        title: 'Edit an agent and change its status',
        body: [
          'Choose Edit on the agent’s page. Only the fields you changed are saved, and every change of configuration becomes a new numbered version, so nothing is lost.',
          'The status (Draft, Active, Paused, Archived) is not part of the configuration: changing it makes no new version. A paused or archived agent does not take conversations.',
          'In the agent list you can select several agents to change their status or delete them at once.',
        ],
        links: [{ to: '/dashboard/agents', label: 'Agents' }],
      },
      {
        id: 'agent-versions',
        title: 'Versions and deployments',
        body: [
          'The Versions card lists every version, newest first. Restore makes an older configuration current again, as a new version.',
          'The Deployments card points each environment (Development, Staging, Production) at a version: pick one and deploy it. Rolling back is deploying an older version.',
          'The chat screens and the test panel always use the current configuration. Programs that call it through the OpenAI-compatible API (`/v1`) or `/mcp` get the version deployed to Production; without one, they get a “not deployed” error.',
        ],
      },
      {
        id: 'agent-sharing',
        title: 'Share an agent',
        body: [
          'Choose Share on the agent’s page. The dialog does two separate things:',
          {
            list: [
              'A public link: anyone signed in on this installation who has the link can chat with the agent. Stop sharing makes the link stop working.',
              'A team: the agent is shared with one of your teams, and its members get their role’s rights on it (viewers read and chat, members also edit, owners and admins also share and delete).',
            ],
          },
          'Sharing with a team needs the Collaboration feature, which an administrator switches on. Public links work either way.',
        ],
        links: [{ to: '/dashboard/settings/team', label: 'Team settings' }],
      },
      {
        id: 'agent-export',
        title: 'Duplicate, export and import',
        body: [
          'Duplicate makes a copy of the agent as a new draft. Export downloads one JSON file with its configuration and its custom personality, never secrets or ids of this server.',
          'Import, on the agent list, creates an equal agent from such a file, on this installation or another one.',
        ],
        links: [{ to: '/dashboard/agents', label: 'Agents' }],
      },
    ],
  },
  {
    id: 'knowledge',
    title: 'Knowledge',
    articles: [
      {
        id: 'knowledge-upload',
        title: 'Upload documents',
        body: [
          {
            steps: [
              'Open the agent’s page, on its Overview tab.',
              'In Knowledge base documents, choose Upload a document and pick the file.',
              'The document is read and indexed at once: it shows as Ready with its number of passages, and the agent can answer from it.',
            ],
          },
          'Uploads are off on a new installation. If the panel says the administrator turned file uploads off, an administrator switches on File uploads in Admin › Configuration › Feature flags; it takes effect at once.',
          'You need to be able to edit the agent: team viewers see the documents but cannot add or delete them.',
        ],
        links: [{ to: '/admin/configuration#features', label: 'Admin › Configuration › Feature flags', admin: true }],
      },
      {
        id: 'knowledge-formats',
        title: 'Formats and limits',
        body: [
          'Accepted formats: plain text (.txt), Markdown (.md), HTML, PDF, Word (.docx), CSV and JSON.',
          {
            list: [
              'One file may be up to 20 MB (the default; administrators change it in Admin › Configuration › Limits).',
              'All your documents together may take up to 1 GB: each counts its file’s size plus its text.',
              'A file whose text would be very large compared to its size, or that cannot be read within 20 seconds, is refused.',
            ],
          },
          'A refused file stores nothing, and the message names the file and the reason; a damaged PDF, for example, is refused.',
        ],
      },
      {
        id: 'knowledge-citations',
        title: 'How agents use documents, and citations',
        body: [
          'Each document is split into passages of about 800 characters. For every question, the agent’s five best-matching passages are found with the database’s full-text search and given to the model together with their sources.',
          'Answers that use them list their Sources underneath, naming each document. Without a language model, the built-in responder quotes those passages directly.',
          'The search matches words, and its stemming is tuned for English: ask with the words your documents use. The “Use the knowledge base” switch in the agent’s form turns this off for an agent.',
        ],
      },
      {
        id: 'knowledge-manage',
        title: 'Manage and remove documents',
        body: [
          'The documents table shows each document’s name, type, size, status and number of passages. Deleting a document (you are asked to confirm) removes it and its passages from the knowledge base and frees its share of the storage quota.',
          'Documents are stored in the installation’s own database, with everything else.',
        ],
      },
    ],
  },
  {
    id: 'tools',
    title: 'Tools (MCP)',
    articles: [
      {
        id: 'mcp-overview',
        title: 'What MCP servers do',
        body: [
          'An MCP (Model Context Protocol) server lends your agents tools: searching, reading files, looking things up in your own systems. Your servers are listed under MCP tools.',
          'Two transports are supported:',
          {
            list: [
              'Streamable HTTP: a URL the MCP server answers on. Addresses on private or local networks are refused unless the operator allows them.',
              'stdio: a command this server runs on its own machine. Only administrators can add one, and only with a command on the operator’s allow-list, which is empty by default.',
            ],
          },
          'The older SSE transport is not supported.',
        ],
        links: [{ to: '/dashboard/mcp', label: 'MCP tools' }],
      },
      {
        id: 'mcp-add',
        title: 'Add, import and export servers',
        body: [
          'Choose Add server, give it a name, pick the transport and fill in the URL and headers, or the command, its arguments and environment variables. Secret values are encrypted when stored and shown masked afterwards.',
          'Suggest from a description proposes well-known servers (filesystem, fetch, git, GitHub and others) and, with a language model connected, writes one for you, to fill the form. Test connection tries the configuration as typed and lists its tools without saving anything.',
          'Import takes the JSON of a desktop MCP client (`{"mcpServers": …}`) or VS Code’s `{"servers": …}`, up to 50 servers at once. Export downloads your servers in the same format, with or without their credentials.',
        ],
        links: [
          { to: '/dashboard/mcp/create', label: 'Add an MCP server' },
          { to: '/dashboard/mcp/import', label: 'Import MCP servers' },
        ],
      },
      {
        id: 'mcp-test',
        title: 'Test a server',
        body: [
          'Test, in the list or on the server’s page, connects anew and lists the server’s tools. The status becomes Connected, or Error with the reason in words: refused address, unreachable, not authorized, timeout and so on.',
          'Run a test after adding a server: its tools are known only once a test has listed them. A server switched off (Enabled) keeps its configuration, but agents stop using its tools.',
        ],
        links: [{ to: '/dashboard/mcp', label: 'MCP tools' }],
      },
      {
        id: 'mcp-agent-tools',
        title: 'Give an agent tools, and see its tool calls',
        body: [
          {
            steps: [
              'Open the agent’s page and its Tools tab, then choose Add server.',
              'Pick one of your MCP servers, and all its tools or only the ones you choose.',
              'Set its priority: higher comes first and wins when two servers share a tool’s name.',
            ],
          },
          'You need to be able to edit the agent, and the server must be one of yours.',
          'While answering, the model may call these tools, for up to four rounds, 30 seconds a call and 90 seconds of tool time per answer. A tool that fails does not stop the answer: the model is told why. Each call shows in the chat as a card with its arguments and result.',
          'Tools need a connected language model: the built-in responder does not call them.',
        ],
      },
    ],
  },
  {
    id: 'channels',
    title: 'Channels',
    articles: [
      {
        id: 'channel-chat',
        title: 'The chat screen',
        body: [
          'Chat, in the sidebar, lets you pick any agent you may use and talk to it. Its earlier conversations are listed beside the messages; New conversation starts another.',
          'Conversations held here are kept with their tokens and response times, and appear in All conversations.',
        ],
        links: [{ to: '/dashboard/chat', label: 'Chat' }],
      },
      {
        id: 'channel-public-link',
        title: 'The chat link for other users',
        body: [
          'Create a public link in the agent’s Share dialog and send it: it opens a chat page with the agent’s name, description and greeting, at an address such as `/user/chat/<agent id>?share=…`.',
          'Whoever opens it must be signed in on this installation. Their conversations appear in your conversation list. Stop sharing turns the link off at once.',
        ],
      },
      {
        id: 'channel-api-keys',
        title: 'API keys',
        body: [
          'API docs, in the sidebar, holds your API keys. Create key asks for a name, the agents the key may reach (all of them, or some) and an optional expiry date.',
          'The key (it starts with `af_`) is shown once: copy it then. The server keeps only a fingerprint of it and its first characters, so it cannot be shown again. A key acts as you on its agents, but it can never manage keys, your email, your password or your account.',
          'Send it as `Authorization: Bearer af_…`. Revoke stops it at once.',
        ],
        links: [{ to: '/dashboard/integrations/api-docs', label: 'API docs' }],
      },
      {
        id: 'channel-openai-api',
        title: 'The OpenAI-compatible API',
        body: [
          'Your agents answer on `/v1` in OpenAI’s chat-completions format, so the official OpenAI libraries work: set the base URL to this server’s address followed by `/v1`, the API key to one of your keys, and the model to the agent’s id.',
          'The version deployed to Production answers, with its knowledge and tools. Each answer carries an `X-Conversation-Id` header: send it back to continue the same conversation.',
          'The API docs page has ready-to-copy curl, Python and JavaScript examples. The full reference of the HTTP API is at `/api/docs`.',
        ],
        links: [
          { to: '/dashboard/integrations/api-docs', label: 'API docs' },
          { href: '/api/docs', label: 'API reference' },
        ],
      },
      {
        id: 'channel-mcp-endpoint',
        title: 'Your agents as tools of an MCP client',
        body: [
          'This server is itself an MCP server at `/mcp`, for API keys: each agent the key reaches becomes a tool named `ask_` followed by the agent’s name, which takes a message and answers with the agent’s reply and its sources.',
          'Add it to a desktop MCP client with the example on the API docs page (MCP client). The version deployed to Production answers.',
        ],
        links: [{ to: '/dashboard/integrations/api-docs', label: 'API docs' }],
      },
      {
        id: 'channel-live',
        title: 'Watch conversations live',
        body: [
          'Live, under Conversations, shows the conversations happening now and follows the one you select as its messages arrive, from every channel. Full transcript opens it whole.',
          'All conversations lists every conversation of your agents and of the agents shared with your teams, with filters for text, agent, channel, status and dates. A conversation with no message for 30 minutes (by default) ends by itself.',
        ],
        links: [
          { to: '/dashboard/conversations/live', label: 'Live conversations' },
          { to: '/dashboard/conversations', label: 'All conversations' },
        ],
      },
    ],
  },
  {
    id: 'faq',
    title: 'Frequently asked questions',
    articles: [
      {
        id: 'faq-no-model',
        title: 'Why does my agent say that no language model is connected?',
        body: [
          'Because this installation has no language model configured yet, so the built-in responder answers: it uses the agent’s greeting and the passages of its documents, and cannot compose new text.',
          'An administrator connects one in Admin › Configuration › Language model (see “Connect a language model” above). It applies to the next message; no restart is needed.',
        ],
        links: [{ to: '/admin/configuration#model', label: 'Admin › Configuration › Language model', admin: true }],
      },
      {
        id: 'faq-no-verification-email',
        title: 'Why did I not get a verification email?',
        body: [
          'When no mail server is configured, email is not sent: it is kept in the outbox that administrators see, and the screens say so. An administrator can then either set up mail (Admin › Configuration › Mail), after which kept emails can be sent again, or mark your address verified from its row in Admin › Users.',
          'If mail is set up, look in your spam folder, and ask for a new link in Settings: a link works for 24 hours, and a new one replaces the old one.',
        ],
        links: [
          { to: '/dashboard/settings', label: 'Settings' },
          { to: '/admin/users', label: 'Admin › Users', admin: true },
        ],
      },
      {
        id: 'faq-invite-teammates',
        title: 'How do I invite teammates?',
        body: [
          'In Team settings, choose Create team (you become its owner), open the team and use Invite someone with their email and a role, such as member or viewer. The emailed link works once, for 7 days.',
          'Someone without an account signs up with the invited address and verifies it; the invitation then waits in their Invitations for you.',
          'Invitations and team sharing need the Collaboration feature flag, off on a new installation: an administrator switches it on in Admin › Configuration › Feature flags.',
        ],
        links: [
          { to: '/dashboard/settings/team', label: 'Team settings' },
          { to: '/admin/configuration#features', label: 'Admin › Configuration › Feature flags', admin: true },
        ],
      },
      {
        id: 'faq-data-storage',
        title: 'Where is my data stored?',
        body: [
          'AgentForge is self-hosted: accounts, agents, documents and conversations stay in the database of the installation you are using, a SQLite file in its data folder by default, or PostgreSQL when the operator chooses it.',
          'Secrets (API keys of providers, MCP credentials, mail settings) are encrypted in the database, and your API keys are stored only as a hash.',
          'What leaves the server: when a language model is connected, each question is sent to its provider with the agent’s instructions, the recent conversation and the matching passages; tools receive the arguments the model gives them; email goes through the configured mail server.',
        ],
      },
      {
        id: 'faq-api-key-lost',
        title: 'I lost my API key, or it stopped working',
        body: [
          'A key is shown only once and cannot be recovered: revoke it on the API docs page and create another.',
          'A key stops working when it is revoked, past its expiry date, or when its account is disabled. An account may hold up to 50 keys (by default).',
        ],
        links: [{ to: '/dashboard/integrations/api-docs', label: 'API docs' }],
      },
      {
        id: 'faq-rate-limits',
        title: 'What are the rate limits?',
        body: [
          'The defaults, which administrators and the operator can change:',
          {
            list: [
              'Each API key: 600 requests a minute.',
              'Sign-in, sign-up and password reset: 20 requests a minute from one address, and 5 a minute for one email address.',
              'Team email (invitations, added members, team messages): 20 an hour per person and 50 an hour per team.',
            ],
          },
          'Over a limit, the answer is status 429 with a `Retry-After` header saying when to try again. Your language model provider may have limits of its own; the agent’s answer then says so.',
        ],
      },
      {
        id: 'faq-export-conversations',
        title: 'How do I export conversations?',
        body: [
          'Open a conversation from All conversations and choose Export JSON or Export CSV: the transcript downloads as a file.',
          'Agents export as JSON from their page, and MCP servers from the MCP tools list.',
        ],
        links: [{ to: '/dashboard/conversations', label: 'All conversations' }],
      },
      {
        id: 'faq-signup-closed',
        title: 'Why can’t a colleague sign up?',
        body: [
          'An administrator may close sign-up (Admin › Configuration › General, Open sign-up). Then only addresses with an open team invitation can create an account: invite your colleague to a team first.',
        ],
        links: [{ to: '/admin/configuration#general', label: 'Admin › Configuration › General', admin: true }],
      },
      {
        id: 'faq-forgot-password',
        title: 'I forgot my password',
        body: [
          'On the sign-in page, choose Forgot password? and enter your email: a reset link arrives that works once, for one hour. Resetting the password signs you out everywhere.',
          'Without a mail server no reset email goes out: ask an administrator to set up mail.',
        ],
      },
      {
        id: 'faq-language-theme',
        title: 'How do I change the language or use the dark theme?',
        body: [
          'The language menu at the top of the dashboard offers 12 languages; your choice is remembered, and emails to you are written in it. The button beside it switches between the light and dark themes.',
          'An agent’s own answer language is set in its form, independently of yours.',
        ],
      },
      {
        id: 'faq-delete-account',
        title: 'How do I delete my account?',
        body: [
          'In Settings, under Danger zone, choose Delete account and confirm with your password. Your agents, their documents and conversations, your API keys and your team memberships are deleted; this cannot be undone.',
          'A team you alone owned passes to its longest-standing admin or member.',
        ],
        links: [{ to: '/dashboard/settings', label: 'Settings' }],
      },
    ],
  },
];
