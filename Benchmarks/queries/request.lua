-- One request shape for wrk, made unique per request: every "{N}" in QUERY_PATH and QUERY_BODY
-- becomes a counter that counts up from QUERY_START, so no two requests of a run are the same.
-- QUERY_HEADERS holds "Name: value" lines. For a record, "{ID}" takes the counter's turn through
-- QUERY_IDS and "{FIELDS}" a subset of QUERY_FIELDS (both comma-separated) that changes with it.
-- "{COMBO}" takes the counter's digits, in the mixed radix of QUERY_AXES ("name:a,b,c;name:d,e"),
-- as one value per axis ("name=b&name=e"; an empty value leaves its axis out), so a filter form's
-- choices are never-seen combinations until every one has been asked. "{=name}" in the path or
-- the body takes the value of the axis `name` in the same combination (a JSON body's fields).
-- QUERY_STOP ends the run before the counter reaches it, so a slice of the combinations is never
-- asked twice.
local counter = tonumber(os.getenv("QUERY_START") or "0")
local method = os.getenv("QUERY_METHOD") or "GET"
local path = os.getenv("QUERY_PATH")
local body = os.getenv("QUERY_BODY")
local headers = {}
for line in string.gmatch(os.getenv("QUERY_HEADERS") or "", "[^\n]+") do
  local name, value = string.match(line, "^([^:]+):%s*(.*)$")
  if name then headers[name] = value end
end
if body == "" then body = nil end
local function split(text)
  local list = {}
  for item in string.gmatch(text or "", "[^,]+") do list[#list + 1] = item end
  return list
end
local ids, fields = split(os.getenv("QUERY_IDS")), split(os.getenv("QUERY_FIELDS"))
local axes = {}
for axis in string.gmatch(os.getenv("QUERY_AXES") or "", "[^;]+") do
  local name, values = string.match(axis, "^([^:]+):(.*)$")
  local list = {}
  for value in string.gmatch(values .. ",", "([^,]*),") do list[#list + 1] = value end
  axes[#axes + 1] = { name = name, values = list }
end

-- The n-th combination of the axes' values, the first axis turning fastest: as a query string,
-- and each axis's value by name.
local function combo(n)
  local pairs, values = {}, {}
  for _, axis in ipairs(axes) do
    local value = axis.values[n % #axis.values + 1]
    n = math.floor(n / #axis.values)
    values[axis.name] = value
    if value ~= "" then pairs[#pairs + 1] = axis.name .. "=" .. value end
  end
  return table.concat(pairs, "&"), values
end
local stop = tonumber(os.getenv("QUERY_STOP") or "")

-- The n-th subset of the fields (never empty), with "id" first.
local function subset(n)
  local mask = n % (2 ^ #fields - 1) + 1
  local chosen = { "id" }
  for i = 1, #fields do
    if math.floor(mask / 2 ^ (i - 1)) % 2 == 1 then chosen[#chosen + 1] = fields[i] end
  end
  return table.concat(chosen, ",")
end
local unique = string.find(path, "{", 1, true) or (body and (string.find(body, "{N}", 1, true) or string.find(body, "{=", 1, true)))

request = function()
  if not unique then return wrk.format(method, path, headers, body) end
  counter = counter + 1
  local n = tostring(counter)
  local p = (string.gsub(path, "{N}", n))
  if #ids > 0 then
    local turn = math.floor(counter / (2 ^ #fields - 1))
    p = (string.gsub(p, "{ID}", ids[turn % #ids + 1]))
    p = (string.gsub(p, "{FIELDS}", subset(counter)))
  end
  local b = body and (string.gsub(body, "{N}", n)) or nil
  if #axes > 0 then
    local query, values = combo(counter)
    p = (string.gsub(p, "{COMBO}", query))
    local function named(name) return values[name] end
    p = (string.gsub(p, "{=(%w+)}", named))
    if b then b = (string.gsub(b, "{=(%w+)}", named)) end
  end
  return wrk.format(method, p, headers, b)
end

-- A request is made as the last answer arrives: stopping one short of QUERY_STOP keeps the
-- connections' next requests within the slice.
response = function()
  if stop and counter + 1 >= stop then wrk.thread:stop() end
end
