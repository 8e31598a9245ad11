-- wrk script: non-streamed chat turns. Each thread continues one conversation
-- for ten turns, then starts a new one (as visitors come and go).
--   TOKEN=... AGENT=... wrk -s bench/chat.lua http://127.0.0.1:PORT
local token = os.getenv("TOKEN")
local agent = os.getenv("AGENT")
local conversation = nil
local turns = 0

request = function()
  local body
  if conversation and turns % 10 ~= 0 then
    body = '{"message":"How long do refunds take?","conversationId":"' .. conversation .. '"}'
  else
    body = '{"message":"How long do refunds take?"}'
  end
  turns = turns + 1
  return wrk.format("POST", "/api/agents/" .. agent .. "/chat",
    { ["Content-Type"] = "application/json", ["Authorization"] = "Bearer " .. token }, body)
end

response = function(status, headers, body)
  if status == 200 then
    conversation = string.match(body, '"conversationId":"([^"]+)"')
  end
end
