"""The official OpenAI Python SDK against AgentForge's /v1, as a client
would use it. Run by the Rust test `v1::the_official_openai_python_sdk_talks_to_an_agent`
with AGENTFORGE_URL, AGENTFORGE_KEY and AGENTFORGE_MODEL set; prints one
JSON line of what it saw."""

import json
import os

import openai
from openai import OpenAI

client = OpenAI(base_url=os.environ["AGENTFORGE_URL"] + "/v1", api_key=os.environ["AGENTFORGE_KEY"], max_retries=0)
model = os.environ["AGENTFORGE_MODEL"]

models = [m.id for m in client.models.list()]

whole = client.chat.completions.create(
    model=model,
    messages=[{"role": "system", "content": "ignored"}, {"role": "user", "content": "Hello from Python"}],
)

pieces = []
usage = None
stream = client.chat.completions.create(
    model=model,
    messages=[{"role": "user", "content": "Stream please"}],
    stream=True,
    stream_options={"include_usage": True},
)
for chunk in stream:
    if chunk.usage is not None:
        usage = chunk.usage.total_tokens
    for choice in chunk.choices:
        if choice.delta.content:
            pieces.append(choice.delta.content)

raw = client.chat.completions.with_raw_response.create(
    model=model, messages=[{"role": "user", "content": "Remember me"}], user="end-user-7"
)
conversation = raw.headers.get("x-conversation-id")
again = client.chat.completions.with_raw_response.create(
    model=model, messages=[{"role": "user", "content": "Again"}], user="end-user-7"
)

errors = {}
try:
    client.chat.completions.create(model="no-such-agent", messages=[{"role": "user", "content": "hi"}])
except openai.NotFoundError as e:
    errors["not_found"] = e.body.get("code") if isinstance(e.body, dict) else str(e.body)
try:
    OpenAI(base_url=os.environ["AGENTFORGE_URL"] + "/v1", api_key="af_wrong", max_retries=0).models.list()
except openai.AuthenticationError as e:
    errors["auth"] = e.status_code

print(json.dumps({
    "models": models,
    "whole": whole.choices[0].message.content,
    "finish": whole.choices[0].finish_reason,
    "whole_usage": whole.usage.total_tokens,
    "streamed": "".join(pieces),
    "stream_usage": usage,
    "conversation": conversation,
    "same_conversation": again.headers.get("x-conversation-id") == conversation,
    "errors": errors,
}))
