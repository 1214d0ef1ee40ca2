//go:build !wasm

package site

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// parseCSP splits a Content-Security-Policy into its directives (CSP
// Level 3 §2.2: directives separated by ";", a name then its sources).
func parseCSP(policy string) map[string][]string {
	d := map[string][]string{}
	for _, part := range strings.Split(policy, ";") {
		f := strings.Fields(part)
		if len(f) > 0 {
			d[strings.ToLower(f[0])] = f[1:]
		}
	}
	return d
}

// checkCSP lists what makes a policy weaker than the explorer needs: the
// page has no inline script or style, compiles WebAssembly, and is never
// framed, posted from or given a <base>.
func checkCSP(policy string) []string {
	d := parseCSP(policy)
	var problems []string
	want := map[string][]string{
		"default-src":     {"'none'"},
		"script-src":      {"'self'", "'wasm-unsafe-eval'"},
		"style-src":       {"'self'"},
		"object-src":      {"'none'"},
		"base-uri":        {"'none'"},
		"form-action":     {"'none'"},
		"frame-ancestors": {"'none'"},
	}
	for name, sources := range want {
		if got, ok := d[name]; !ok || !slices.Equal(got, sources) {
			problems = append(problems, name+" is "+strings.Join(got, " ")+", want "+strings.Join(sources, " "))
		}
	}
	for name, sources := range d {
		for _, s := range sources {
			switch ls := strings.ToLower(s); {
			case ls == "'unsafe-inline'", ls == "'unsafe-eval'", ls == "'unsafe-hashes'", ls == "'strict-dynamic'",
				strings.Contains(ls, "*"), ls == "data:", ls == "blob:", ls == "http:", ls == "https:",
				strings.Contains(ls, "://"):
				problems = append(problems, name+" allows "+s)
			}
		}
	}
	slices.Sort(problems)
	return problems
}

// The policy is strict: only 'wasm-unsafe-eval' beyond the page's own
// files, no 'unsafe-inline' or 'unsafe-eval', no framing (frame-ancestors),
// no <base>, no form posts, no plugins.
func TestContentSecurityPolicyIsStrict(t *testing.T) {
	if p := checkCSP(contentSecurityPolicy); len(p) > 0 {
		t.Errorf("the policy %q is too weak:\n%s", contentSecurityPolicy, strings.Join(p, "\n"))
	}
}

// The checker itself notices each weakening.
func TestCheckCSPNoticesWeakPolicies(t *testing.T) {
	for _, weak := range []string{
		strings.Replace(contentSecurityPolicy, "'wasm-unsafe-eval'", "'unsafe-eval'", 1),
		strings.Replace(contentSecurityPolicy, "style-src 'self'", "style-src 'self' 'unsafe-inline'", 1),
		strings.Replace(contentSecurityPolicy, "; frame-ancestors 'none'", "", 1),
		strings.Replace(contentSecurityPolicy, "base-uri 'none'", "base-uri 'self'", 1),
		strings.Replace(contentSecurityPolicy, "object-src 'none'; ", "", 1),
		strings.Replace(contentSecurityPolicy, "form-action 'none'", "form-action 'self'", 1),
		strings.Replace(contentSecurityPolicy, "img-src 'self'", "img-src 'self' data:", 1),
		strings.Replace(contentSecurityPolicy, "connect-src 'self'", "connect-src https://example.com", 1),
	} {
		if weak == contentSecurityPolicy {
			t.Fatalf("the test's replacement did not apply to %q", contentSecurityPolicy)
		}
		if len(checkCSP(weak)) == 0 {
			t.Errorf("not noticed: %q", weak)
		}
	}
}

// serve sends the security headers on every response: the page, go-app's
// scripts and worker, the wasm, the styles, a missing file, a HEAD.
func TestServeSendsSecurityHeadersEverywhere(t *testing.T) {
	s, _ := testSite(t)
	for _, req := range []struct{ method, path string }{
		{"GET", "/"}, {"GET", "/app.js"}, {"GET", "/wasm_exec.js"}, {"GET", "/app-worker.js"},
		{"GET", "/manifest.webmanifest"}, {"GET", "/web/app.wasm"}, {"HEAD", "/web/app.wasm"},
		{"GET", "/web/explorer.css"}, {"GET", "/robots.txt"}, {"GET", "/web/"}, {"GET", "/web/no-such-file"},
		{"POST", "/web/app.wasm"},
	} {
		h := get(t, s, req.method, req.path).Header
		for _, kv := range securityHeaders {
			if got := h.Get(kv[0]); got != kv[1] {
				t.Errorf("%s %s: %s is %q, want %q", req.method, req.path, kv[0], got, kv[1])
			}
		}
		if p := checkCSP(h.Get("Content-Security-Policy")); len(p) > 0 {
			t.Errorf("%s %s: %v", req.method, req.path, p)
		}
	}
}

// The static site's _headers file (the format of hosts that read one: a
// path pattern, then indented "Name: value" lines) carries the same
// headers for every path.
func TestStaticHeadersFile(t *testing.T) {
	web, _ := fakeWeb(t)
	out := filepath.Join(t.TempDir(), "dist")
	if err := WriteStatic(out, web, ""); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(out, "_headers"))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Scan()
	if sc.Text() != "/*" {
		t.Fatalf("_headers starts with %q, want the pattern /* for every path", sc.Text())
	}
	for sc.Scan() {
		line := sc.Text()
		name, value, ok := strings.Cut(strings.TrimSpace(line), ": ")
		if !ok || !strings.HasPrefix(line, "  ") {
			t.Fatalf("_headers line %q is not an indented header", line)
		}
		got[name] = value
	}
	if len(got) != len(securityHeaders) {
		t.Errorf("_headers holds %d headers, want %d: %v", len(got), len(securityHeaders), got)
	}
	for _, kv := range securityHeaders {
		if got[kv[0]] != kv[1] {
			t.Errorf("_headers: %s is %q, want %q", kv[0], got[kv[0]], kv[1])
		}
	}
	if p := checkCSP(got["Content-Security-Policy"]); len(p) > 0 {
		t.Errorf("_headers: %v", p)
	}
}
