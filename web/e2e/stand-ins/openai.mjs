// An OpenAI-compatible model for the end-to-end tests, speaking the chat
// completions wire format (whole and streamed): with tools offered and no
// tool result yet, it calls the first tool named like `echo` (else the
// first) with `{"message": "hello from the model"}`; with a tool result, it
// answers "The tool said: <result>"; otherwise "The stand-in answers:
// <question>". Port: STAND_IN_PORT (default 18082).
import { createServer } from 'node:http';

const port = Number(process.env.STAND_IN_PORT ?? 18082);

function text(content) {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((p) => p.text ?? '').join('');
  return '';
}

function reply(body) {
  const messages = body.messages ?? [];
  const toolResult = [...messages].reverse().find((m) => m.role === 'tool');
  const tools = body.tools ?? [];
  if (tools.length > 0 && !toolResult) {
    const tool = tools.find((t) => /echo/.test(t.function?.name ?? '')) ?? tools[0];
    return { toolCall: { id: 'call_e2e', name: tool.function.name, arguments: JSON.stringify({ message: 'hello from the model' }) } };
  }
  if (toolResult) return { content: `The tool said: ${text(toolResult.content)}` };
  const question = text([...messages].reverse().find((m) => m.role === 'user')?.content);
  return { content: `The stand-in answers: ${question}` };
}

const server = createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/health') {
    res.writeHead(200).end('ok');
    return;
  }
  if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
    res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found', type: 'invalid_request_error' } }));
    return;
  }
  let raw = '';
  req.on('data', (chunk) => (raw += chunk));
  req.on('end', () => {
    const body = JSON.parse(raw || '{}');
    const answer = reply(body);
    const usage = { prompt_tokens: 12, completion_tokens: 6, total_tokens: 18 };
    const created = Math.floor(Date.now() / 1000);
    if (!body.stream) {
      const message = answer.toolCall
        ? { role: 'assistant', content: null, tool_calls: [{ id: answer.toolCall.id, type: 'function', function: { name: answer.toolCall.name, arguments: answer.toolCall.arguments } }] }
        : { role: 'assistant', content: answer.content };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: 'chatcmpl-e2e', object: 'chat.completion', created, model: body.model, choices: [{ index: 0, message, finish_reason: answer.toolCall ? 'tool_calls' : 'stop' }], usage }));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const send = (data) => res.write(`data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
    const chunk = (delta, finish = null) => ({ id: 'chatcmpl-e2e', object: 'chat.completion.chunk', created, model: body.model, choices: [{ index: 0, delta, finish_reason: finish }] });
    if (answer.toolCall) {
      send(chunk({ role: 'assistant', tool_calls: [{ index: 0, id: answer.toolCall.id, type: 'function', function: { name: answer.toolCall.name, arguments: '' } }] }));
      send(chunk({ tool_calls: [{ index: 0, function: { arguments: answer.toolCall.arguments } }] }));
      send(chunk({}, 'tool_calls'));
    } else {
      send(chunk({ role: 'assistant', content: '' }));
      for (const word of answer.content.split(/(?<= )/)) send(chunk({ content: word }));
      send(chunk({}, 'stop'));
    }
    send({ id: 'chatcmpl-e2e', object: 'chat.completion.chunk', created, model: body.model, choices: [], usage });
    send('[DONE]');
    res.end();
  });
});

server.listen(port, '127.0.0.1', () => console.log(`OpenAI stand-in on ${port}`));
