// Reads the WARC file named on the command line with Webrecorder's warcio
// (WARCIO_JS names the installed package's folder) and prints one JSON
// line per record: its type, id, target, HTTP status, the SHA-256 of its
// payload as stored and its content as warcio decodes it (dechunked and
// uncompressed), base64.
import { createReadStream } from "node:fs";
import { createHash } from "node:crypto";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const { WARCParser } = await import(pathToFileURL(join(process.env.WARCIO_JS, "dist", "index.js")).href);
const file = process.argv[2];

// The payload as stored and as decoded cannot both be read from one
// parse: the file is read twice.
const stored = [];
for await (const r of new WARCParser(createReadStream(file))) {
  stored.push(createHash("sha256").update(await r.readFully(false)).digest("hex"));
}
let i = 0;
for await (const r of new WARCParser(createReadStream(file))) {
  const content = Buffer.from(await r.readFully(true)).toString("base64");
  console.log(JSON.stringify({
    type: r.warcType,
    id: r.warcHeader("WARC-Record-ID"),
    target: r.warcTargetURI ?? "",
    status: r.httpHeaders && r.warcType === "response" ? Number(r.httpHeaders.statusCode) : 0,
    payload_sha256: stored[i++],
    content,
  }));
}
