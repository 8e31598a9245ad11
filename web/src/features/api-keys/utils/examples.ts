// The ready-to-copy examples of /dashboard/integrations/api-docs, filled with this server's
// address and an agent's id. Code, not prose: they are not translated.

export type ExampleKind = 'curl' | 'python' | 'javascript' | 'mcp';

/** The environment variable the examples read the key from (never written into them). */
export const KEY_VARIABLE = 'AGENTFORGE_API_KEY';

export function example(kind: ExampleKind, host: string, agentId: string): string {
  switch (kind) {
    case 'curl':
      return [
        `curl ${host}/v1/chat/completions \\`,
        `  -H "Authorization: Bearer $${KEY_VARIABLE}" \\`,
        `  -H "Content-Type: application/json" \\`,
        `  -d '${JSON.stringify({ model: agentId, messages: [{ role: 'user', content: 'Hello!' }] })}'`,
      ].join('\n');
    case 'python':
      return [
        'import os',
        '',
        'from openai import OpenAI',
        '',
        `client = OpenAI(base_url="${host}/v1", api_key=os.environ["${KEY_VARIABLE}"])`,
        '',
        'response = client.chat.completions.create(',
        `    model="${agentId}",`,
        '    messages=[{"role": "user", "content": "Hello!"}],',
        ')',
        'print(response.choices[0].message.content)',
      ].join('\n');
    case 'javascript':
      return [
        "import OpenAI from 'openai';",
        '',
        `const client = new OpenAI({ baseURL: '${host}/v1', apiKey: process.env.${KEY_VARIABLE} });`,
        '',
        'const completion = await client.chat.completions.create({',
        `  model: '${agentId}',`,
        "  messages: [{ role: 'user', content: 'Hello!' }],",
        '});',
        'console.log(completion.choices[0].message.content);',
      ].join('\n');
    case 'mcp':
      return JSON.stringify({ mcpServers: { agentforge: { type: 'http', url: `${host}/mcp`, headers: { Authorization: 'Bearer <key>' } } } }, null, 2);
  }
}
