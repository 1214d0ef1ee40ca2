// Asks the robots-parser package, for robotsparser_diff_test.go: the
// package's folder comes in ROBOTS_PARSER_JS. The first output line names
// the package's and Node's versions; then each input line, a JSON object
// {"body": base64, "queries": [[token, robotsURL, url], ...]}, gets one
// output line {"verdicts": [...]}, each "allow", "disallow", "none"
// (isAllowed returned undefined) or "throws".
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
	return c.queries.map(([token, robotsURL, url]) => {
		if (!parsed.has(robotsURL)) {
			parsed.set(robotsURL, robotsParser(robotsURL, body));
		}
		try {
			return verdict(parsed.get(robotsURL).isAllowed(url, token));
		} catch (e) {
			return 'throws';
		}
	});
}

const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
lines.on('line', (line) => {
	process.stdout.write(JSON.stringify({ verdicts: answer(JSON.parse(line)) }) + '\n');
});
