-- wrk script: every request a new conversation with one non-streamed turn
-- (the heaviest kind of turn: the conversation, the question and the
-- answer are all new rows).
--   TOKEN=... AGENT=... wrk -s bench/turns.lua http://127.0.0.1:PORT
local token = os.getenv("TOKEN")
local agent = os.getenv("AGENT")
local statuses = {}

request = function()
  return wrk.format("POST", "/api/agents/" .. agent .. "/chat",
    { ["Content-Type"] = "application/json", ["Authorization"] = "Bearer " .. token },
    '{"message":"How long do refunds take?"}')
end

response = function(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
end

done = function(summary, latency, requests)
  io.write(string.format("non-2xx or socket errors: %d\n",
    summary.errors.status + summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))
end
