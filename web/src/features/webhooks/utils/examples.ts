// Ready-to-run calls for a webhook's setup, filled with its URL (and, in the dialog that shows it
// once, its secret). Code and identifiers stay as the platforms write them, in every language.

/** Stands in for the secret, which is never shown again after it is made. */
export const SECRET_PLACEHOLDER = '<secret>';
export const TOKEN_PLACEHOLDER = '<token>';

/** Telegram's setWebhook call: its updates go to `url`, carrying `secret` in a header. */
export const telegramSetWebhook = (url: string, secret: string = SECRET_PLACEHOLDER, token: string = TOKEN_PLACEHOLDER) =>
  `curl "https://api.telegram.org/bot${token}/setWebhook?url=${url}&secret_token=${secret}"`;

/** Registers a global `/ask` slash command with one string option (Discord's type 3). */
export const discordCommand = (applicationId: string | undefined) =>
  [
    `curl -X POST "https://discord.com/api/v10/applications/${applicationId || '<application id>'}/commands" \\`,
    `  -H "Authorization: Bot <bot token>" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -d '{"name":"ask","description":"Ask the assistant","options":[{"name":"question","description":"Your question","type":3,"required":true}]}'`,
  ].join('\n');

/** A signed custom event from a shell (Standard Webhooks: HMAC-SHA256 of id.timestamp.body). */
export const customCurl = (url: string, secret: string = 'whsec_…') =>
  [
    `SECRET='${secret}'`,
    `BODY='{"message":"What are your opening hours?","senderId":"customer-42"}'`,
    `ID="msg_$(date +%s%N)"`,
    `TS="$(date +%s)"`,
    `KEY="$(printf '%s' "\${SECRET#whsec_}" | base64 -d | xxd -p -c 256)"`,
    `SIG="$(printf '%s' "$ID.$TS.$BODY" | openssl dgst -sha256 -mac HMAC -macopt "hexkey:$KEY" -binary | base64)"`,
    `curl -X POST "${url}" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -H "webhook-id: $ID" -H "webhook-timestamp: $TS" -H "webhook-signature: v1,$SIG" \\`,
    `  -d "$BODY"`,
  ].join('\n');

/** The same from Node (18 or later), with node:crypto. */
export const customNode = (url: string) =>
  [
    `import { createHmac, randomUUID } from 'node:crypto';`,
    ``,
    `const secret = process.env.WEBHOOK_SECRET; // whsec_…`,
    `const body = JSON.stringify({ message: 'What are your opening hours?', senderId: 'customer-42' });`,
    `const id = \`msg_\${randomUUID()}\`;`,
    `const timestamp = Math.floor(Date.now() / 1000).toString();`,
    `const key = Buffer.from(secret.slice('whsec_'.length), 'base64');`,
    `const signature = createHmac('sha256', key).update(\`\${id}.\${timestamp}.\${body}\`).digest('base64');`,
    ``,
    `const response = await fetch('${url}', {`,
    `  method: 'POST',`,
    `  headers: {`,
    `    'Content-Type': 'application/json',`,
    `    'webhook-id': id,`,
    `    'webhook-timestamp': timestamp,`,
    `    'webhook-signature': \`v1,\${signature}\`,`,
    `  },`,
    `  body,`,
    `});`,
    `console.log(await response.json()); // { conversationId, answer, citations }`,
  ].join('\n');

/** What a Zap's "Webhooks by Zapier" POST action is set to. */
export const zapierAction = (url: string, secret: string = SECRET_PLACEHOLDER) =>
  [`POST ${url}`, `Authorization: Bearer ${secret}`, `Content-Type: application/json`, ``, `{"message": "{{question}}", "senderId": "{{email}}"}`].join('\n');

/** A receiver of event endpoints' deliveries in Node, verifying each with the `standardwebhooks` package. */
export const endpointVerifyNode = () =>
  [
    `// npm install standardwebhooks`,
    `import { createServer } from 'node:http';`,
    `import { Webhook } from 'standardwebhooks';`,
    ``,
    `const wh = new Webhook(process.env.WEBHOOK_SECRET); // whsec_…`,
    ``,
    `createServer(async (req, res) => {`,
    `  const chunks = [];`,
    `  for await (const chunk of req) chunks.push(chunk);`,
    `  const body = Buffer.concat(chunks).toString('utf8'); // the raw body, unparsed`,
    `  try {`,
    `    // Checks webhook-signature and that webhook-timestamp is within 5 minutes.`,
    `    const event = wh.verify(body, req.headers);`,
    `    console.log(req.headers['webhook-id'], event.type, event.data);`,
    `    res.writeHead(204).end();`,
    `  } catch {`,
    `    res.writeHead(400).end();`,
    `  }`,
    `}).listen(3000);`,
  ].join('\n');

/** What one delivery's request looks like on the wire. */
export const endpointRequest = () =>
  [
    `POST /your/endpoint HTTP/1.1`,
    `content-type: application/json`,
    `webhook-id: msg_2xPq…`,
    `webhook-timestamp: 1764176531`,
    `webhook-signature: v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=`,
    ``,
    `{"type": "agent.deployed", "timestamp": "2026-11-26T17:02:11.482Z",`,
    ` "data": {"agent": {"id": "…", "name": "…"}, "environment": "production", "version": 3, "deployedAt": "…"}}`,
  ].join('\n');
