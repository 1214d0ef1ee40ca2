// Asks the robots-parser package, for robotsparser_diff_test.go: the
// package's folder comes in ROBOTS_PARSER_JS. The first output line names
// the package's and Node's versions; then each input line, a JSON object
// {"body": base64, "queries": [[token, robotsURL, url], ...]}, gets one
// output line {"verdicts": [...], "lines": [...]}: each verdict "allow",
// "disallow", "none" (isAllowed returned undefined) or "throws", each line
// what getMatchingLineNumber gives (-1 for no rule, 0 when it throws).
'use strict';

const readline = require('readline');
const dir = process.env.ROBOTS_PARSER_JS;
const robotsParser = require(dir);
const { version } = require(dir + '/package.json');

process.stdout.write(JSON.stringify({ version, node: process.version }) + '\n');

function verdict(v) {
	if (v === undefined) {
		return 'none';
	}
	return v ? 'allow' : 'disallow';
}

function answer(c) {
	const body = Buffer.from(c.body, 'base64').toString('utf8');
	const parsed = new Map(); // one parse per robots.txt URL
	const out = { verdicts: [], lines: [] };
	for (const [token, robotsURL, url] of c.queries) {
		if (!parsed.has(robotsURL)) {
			parsed.set(robotsURL, robotsParser(robotsURL, body));
		}
		const robots = parsed.get(robotsURL);
		try {
			out.verdicts.push(verdict(robots.isAllowed(url, token)));
			out.lines.push(robots.getMatchingLineNumber(url, token));
		} catch (e) {
			out.verdicts.push('throws');
			out.lines.push(0);
		}
	}
	return out;
}

const input = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
input.on('line', (line) => {
	process.stdout.write(JSON.stringify(answer(JSON.parse(line))) + '\n');
});
