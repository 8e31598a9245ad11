#!/usr/bin/env bash
# What hostile knowledge uploads cost the server (the "Hardening" issue,
# items 1-3; docs/security.md). Builds one ~20 MB hostile file of each kind,
# uploads each to a release build on a fresh SQLite database, and reads from
# /proc what the server process spent on it:
#
#   peak      the server's peak resident memory during the upload, less its
#             resident memory just before (VmHWM, reset through clear_refs)
#   cpu       the server's user + system CPU time during the upload
#   reader    the CPU time of the PDF reader's process (a child the server
#             waits for, so counted in the server's cutime/cstime)
#   wall      the upload's time, as curl saw it
#
# Results go to stdout; record them in docs/performance.md.
#
#   bench/hostile_uploads.sh
#   AGENTFORGE_BIN=target/debug/agentforge bench/hostile_uploads.sh
set -euo pipefail
cd "$(dirname "$0")/.."

PORT=${PORT:-18097}
ENGINE=sqlite
source bench/lib.sh
command -v python3 >/dev/null || { echo "python3 is missing"; exit 1; }

files="$data/files"
mkdir -p "$files"
python3 - "$files" <<'EOF'
import os, random, sys, zlib, struct

out = sys.argv[1]
MB = 1 << 20
SIZE = 20 * MB - 4096  # just under the default upload_max_bytes (20 MiB)

def write(name, data):
    with open(os.path.join(out, name), "wb") as f:
        f.write(data)

def member(name, chunks, deflate):
    """A zip member from chunks of bytes, deflated as they come (so that a
    2 GB member is never held)."""
    crc, size, packed = 0, 0, bytearray()
    compressor = zlib.compressobj(9, zlib.DEFLATED, -15) if deflate else None
    for chunk in chunks:
        crc = zlib.crc32(chunk, crc)
        size += len(chunk)
        packed += compressor.compress(chunk) if deflate else chunk
    if deflate:
        packed += compressor.flush()
    if size >= 0xFFFFFFFF:
        raise SystemExit("member too large for a zip32 archive")
    return name.encode(), crc, size, bytes(packed), 8 if deflate else 0

def zip_of(members):
    body, central = bytearray(), bytearray()
    for name, crc, size, packed, method in members:
        offset = len(body)
        body += struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, 0, method, 0, 0, crc, len(packed), size, len(name), 0) + name + packed
        central += struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, 0, method, 0, 0, crc, len(packed), size, len(name), 0, 0, 0, 0, 0, offset) + name
    count = len(members)
    end = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, count, count, len(central), len(body), 0)
    return bytes(body + central + end)

WORD_HEAD = b'<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Refunds take 14 days.</w:t></w:r></w:p><w:p><w:r><w:t>'
WORD_TAIL = b"</w:t></w:r></w:p></w:body></w:document>"

def docx(chunks):
    document = member("word/document.xml", chunks, True)
    # Random bytes do not compress: a stored picture makes the upload its
    # full size.
    picture = random.randbytes(max(0, SIZE - len(document[3]) - 300))
    return zip_of([document, member("word/media/image1.png", [picture], False)])

# 1. DOCX bomb: word/document.xml inflates to 2 GB of spaces (about 2 MB deflated).
def bomb():
    yield WORD_HEAD
    for _ in range(2048):
        yield b" " * MB
    yield WORD_TAIL
write("bomb.docx", docx(bomb()))

# 2. JSON blow-up: 100 levels of long keys, then values: every value's line
#    repeats a 190 KB path (the 104 KB file of the issue, grown to 20 MB).
key = "k" * 1900
head = "".join('{"%s":' % key for _ in range(100))
values = ",".join(["1"] * ((SIZE - 2 * len(head)) // 2))
write("paths.json", (head + "[" + values + "]" + "}" * 100).encode())

# 3. CSV blow-up: 1,000 columns of 100-character names, then rows of 1s:
#    each row's text repeats the whole header.
header = ",".join("%0100d" % i for i in range(1000))
row = ",".join(["1"] * 1000)
rows = (SIZE - len(header)) // (len(row) + 1)
write("wide.csv", (header + ("\n" + row) * rows).encode())

# 4. Quadratic HTML: thousands of <script> elements (the old reader
#    lower-cased the rest of the page at each) and bare ampersands (it
#    looked for a ";" from each to the end of the page).
html = "<h1>Opening hours</h1><p>" + "&" * (4 * MB) + "</p>"
html += "<script>track()</script>" * ((SIZE - len(html) - 100) // 24)
html += "<p>Open 9 to 5.</p>"
write("page.html", html.encode())

# 5. Quadratic DOCX: a run of bare ampersands (the 976-byte file of the
#    issue), padded to 20 MB.
def amps():
    yield WORD_HEAD
    for _ in range(16):
        yield b"&" * MB
    yield WORD_TAIL
write("amp.docx", docx(amps()))

# 6. Hostile PDF: 20 MB of text operators in one page, on which pdf-extract
#    takes over a gigabyte.
content = b"BT /F1 12 Tf 72 720 Td " + b"(a) Tj " * ((SIZE - 1000) // 7) + b"ET"
objects = [
    b"<< /Type /Catalog /Pages 2 0 R >>",
    b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream",
    b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
]
pdf, offsets = bytearray(b"%PDF-1.4\n"), []
for i, o in enumerate(objects):
    offsets.append(len(pdf))
    pdf += b"%d 0 obj\n" % (i + 1) + o + b"\nendobj\n"
xref = len(pdf)
pdf += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
for o in offsets:
    pdf += b"%010d 00000 n \n" % o
pdf += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
write("operators.pdf", bytes(pdf))
EOF

hz=$(getconf CLK_TCK)
# utime stime cutime cstime, in clock ticks (fields 14-17 of /proc/PID/stat,
# counted after the parenthesised command name).
ticks() { sed 's/.*) //' "/proc/$pid/stat" | awk '{print $12, $13, $14, $15}'; }
kib() { awk -v k="$1:" '$1 == k {print $2}' "/proc/$pid/status"; }
ms() { echo $(( $1 * 1000 / hz )); }

printf '%-14s %6s %-36s %8s %9s %9s %9s %9s\n' file size answer rest peak cpu reader wall
for file in bomb.docx paths.json wide.csv page.html amp.docx operators.pdf; do
  # A fresh server for each file, so that memory one upload freed (and the
  # allocator kept) does not hide what the next one takes.
  rm -f "$data/agentforge.db"*
  start_server
  user_and_agent
  sleep 1
  before=$(kib VmRSS)
  echo 5 > "/proc/$pid/clear_refs"   # VmHWM := VmRSS
  read -r u0 s0 cu0 cs0 < <(ticks)
  answer=$(curl -s -o "$data/answer.json" -w '%{http_code} %{time_total}' \
    -H "authorization: Bearer $token" -F "agentId=$agent" -F "file=@$files/$file" \
    "$BASE/api/upload/document")
  read -r u1 s1 cu1 cs1 < <(ticks)
  peak=$(kib VmHWM)
  status=${answer% *}
  wall=${answer#* }
  code=$(python3 -c "import json,sys; b=json.load(open(sys.argv[1])); print(b.get('error') or 'stored, %d chars' % b['data']['charCount'])" "$data/answer.json")
  curl -sf "$BASE/api/system/health" >/dev/null || { echo "the server stopped answering after $file"; exit 1; }
  printf '%-14s %3s MB %-36s %4s MiB %5s MiB %6s ms %6s ms %6.0f ms\n' "$file" \
    "$(( $(stat -c %s "$files/$file") / 1000000 ))" "$status $code" "$(( before / 1024 ))" \
    "$(( (peak - before) / 1024 ))" "$(ms $(( u1 + s1 - u0 - s0 )))" \
    "$(ms $(( cu1 + cs1 - cu0 - cs0 )))" "$(python3 -c "print($wall * 1000)")"
  kill "$pid"; wait "$pid" 2>/dev/null || true; pid=""
done
echo
echo "rest: the server's resident memory before the upload; peak: its peak resident"
echo "memory during the upload, less rest; cpu: its user + system time; reader: the"
echo "PDF reader process's; every server still answered /api/system/health after."
