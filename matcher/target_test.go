package matcher

import (
	"reflect"
	"strings"
	"testing"
)

func TestParseTarget(t *testing.T) {
	tests := []struct {
		in, path, host, robots string
	}{
		{"", "/", "", ""},
		{"/fish?id=3", "/fish?id=3", "", ""},
		{"/fish#frag", "/fish", "", ""},
		{"?q=1", "/?q=1", "", ""},
		{"https://Bücher.example:443/a?b#c", "/a?b", "xn--bcher-kva.example", "https://xn--bcher-kva.example/robots.txt"},
		{"HTTP://Example.COM", "/", "example.com", "http://example.com/robots.txt"},
		{"http://example.com:8080/x", "/x", "example.com", "http://example.com:8080/robots.txt"},
		{"https://user:pw@example.com/x", "/x", "example.com", "https://example.com/robots.txt"},
		{"http://[::1]:80/x", "/x", "[::1]", "http://[::1]/robots.txt"},
		{"http://[fe80::1%25eth0]/x", "/x", "[fe80::1%25eth0]", "http://[fe80::1%25eth0]/robots.txt"}, // RFC 6874 zone
		{"http://[::ffff:192.0.2.1]/x", "/x", "[::ffff:192.0.2.1]", "http://[::ffff:192.0.2.1]/robots.txt"},
		{"http://example.com:65535/x", "/x", "example.com", "http://example.com:65535/robots.txt"},
		{"http://example.com:0/x", "/x", "example.com", "http://example.com:0/robots.txt"},
		{"https://example.com?q", "/?q", "example.com", "https://example.com/robots.txt"},
		// RFC 3986 §4.2: a network-path reference has a host and no scheme.
		{"//b/x", "/x", "b", ""},
		{"//Bücher.example:8080/a", "/a", "xn--bcher-kva.example", ""},
		{"//user@b", "/", "b", ""},
		{"//b?q", "/?q", "b", ""},
		{"//[::1]/a", "/a", "[::1]", ""},
	}
	for _, tt := range tests {
		got, err := ParseTarget(tt.in)
		if err != nil {
			t.Errorf("ParseTarget(%q): %v", tt.in, err)
			continue
		}
		if got.Path != tt.path || got.Host != tt.host || got.RobotsURL != tt.robots {
			t.Errorf("ParseTarget(%q) = path %q host %q robots %q; want %q %q %q", tt.in, got.Path, got.Host, got.RobotsURL, tt.path, tt.host, tt.robots)
		}
	}
}

// Each URL's robots.txt URL is its own site's (RFC 9309 §2.3): scheme, host
// and port as written, the default port dropped, whatever the order of the
// URLs.
func TestParseTargetRobotsURLPerSite(t *testing.T) {
	sites := []struct{ in, robots string }{
		{"https://example.com/a", "https://example.com/robots.txt"},
		{"http://example.com/a", "http://example.com/robots.txt"},
		{"http://example.com:8080/a", "http://example.com:8080/robots.txt"},
		{"http://example.com:80/a", "http://example.com/robots.txt"},
		{"http://example.org/a", "http://example.org/robots.txt"},
		{"http://example.org:8/a", "http://example.org:8/robots.txt"},
		{"http://example.org8/a", "http://example.org8/robots.txt"},
	}
	var reused Target // parseTargetInto's, which shares a site's robots.txt URL with the last URL's
	for round := range 3 {
		for i := range sites {
			s := sites[(i*(round+2))%len(sites)]
			got, err := ParseTarget(s.in)
			if err != nil {
				t.Fatal(err)
			}
			if got.RobotsURL != s.robots {
				t.Fatalf("round %d: ParseTarget(%q).RobotsURL = %q, want %q", round, s.in, got.RobotsURL, s.robots)
			}
			if err := parseTargetInto(&reused, s.in); err != nil || reused.RobotsURL != s.robots {
				t.Fatalf("round %d: parseTargetInto(%q) = %q, %v; want %q", round, s.in, reused.RobotsURL, err, s.robots)
			}
		}
	}
}

// parseTargetInto reads into a Target that held another URL what
// ParseTarget reads into a new one, and leaves none after an error.
func TestParseTargetIntoReused(t *testing.T) {
	// After each URL of a site, others that share its first bytes: the
	// same site, or another whose authority starts the same.
	urls := []string{"https://Bücher.example:443/a?b#c", "https://xn--bcher-kva.example/b", "https://xn--bcher-kva.example.org/",
		"/x", "https://example.com/a", "https://example.com/b#f", "https://example.com", "https://example.com?q", "https://example.com#f",
		"https://example.com.evil/x", "https://example.com:443/x", "https://example.com:8443/x", "https://example.com:8443?y",
		"https://example.com:84/z", "https://example.com:8443@evil.example/w", "https://example.com@evil.example/w", "HTTPS://example.com/v",
		"//b/x", "?q", "http://example.com:x/", "https://EXAMPLE.com:443/c", "http://example.com/d", "http://example.com:80/d",
		"http://[::1]:8080/a", "http://[::1]:8080/b", "http://[::1]:80/c", "http://[::1]/d", "http://[::1]/d#e", ""}
	var reused Target
	for round := range 2 {
		for _, u := range urls {
			want, errWant := ParseTarget(u)
			errGot := parseTargetInto(&reused, u)
			switch {
			case (errWant == nil) != (errGot == nil):
				t.Fatalf("round %d, %q: error %v, want %v", round, u, errGot, errWant)
			case errWant != nil && !reflect.DeepEqual(reused, Target{}):
				t.Errorf("round %d, %q: after the error the target holds %+v", round, u, reused)
			case errWant == nil && !reflect.DeepEqual(reused, *want):
				t.Errorf("round %d, %q: %+v, want %+v", round, u, reused, *want)
			}
		}
	}
}

// The only URLs RFC 9309's reading refuses are those with no path on a
// site: a scheme without an authority that robots.txt is not defined for.
func TestParseTargetErrors(t *testing.T) {
	for _, in := range []string{"mailto:x@example.com", "javascript:alert(1)", "data:,x", "urn:isbn:0451450523", "localhost:8080/x", "  MAILTO:x"} {
		if _, err := ParseTarget(in); err == nil || !strings.Contains(err.Error(), "no authority") {
			t.Errorf("ParseTarget(%q) = %v, want an error saying it has no authority", in, err)
		}
	}
}

// A relative path whose first segment looks like a host says how to write
// the host; one that does not is merged with "/" and says only that.
func TestParseTargetHostWithoutScheme(t *testing.T) {
	for _, tt := range []struct{ in, hint string }{
		{"example.com/a", "https://example.com/a"},
		{"www.example.org", "https://www.example.org"},
		{"fish", ""},
		{"a./b", ""},
		{"./b", ""},
	} {
		got, err := ParseTarget(tt.in)
		if err != nil || len(got.Steps) == 0 {
			t.Fatalf("ParseTarget(%q) = %+v, %v", tt.in, got, err)
		}
		rule := got.Steps[0].Rule
		if has := strings.Contains(rule, "not a host"); has != (tt.hint != "") || !strings.Contains(rule, tt.hint) {
			t.Errorf("ParseTarget(%q): step %q, want the hint %q", tt.in, rule, tt.hint)
		}
	}
}

// RFC 3986 references have a path even where the rest cannot be read: a
// relative one is resolved against the site's "/" (§5.2), dot segments
// are removed (§5.2.4), and an authority that cannot be read leaves no
// robots.txt URL but the path.
func TestParseTargetReferences(t *testing.T) {
	tests := []struct{ in, path, host, robots string }{
		{"fish", "/fish", "", ""},
		{"example.com/a", "/example.com/a", "", ""},
		{"./a/../b", "/b", "", ""},
		{"../../x", "/x", "", ""},
		{"/a/./b/../c/.", "/a/c/", "", ""},
		{"/a/..?x=/../", "/?x=/../", "", ""},
		{"/%2e%2e/a", "/%2e%2e/a", "", ""},
		{"/a/.b/..c", "/a/.b/..c", "", ""},
		{"//", "/", "", ""},
		{"///x", "/x", "", ""},
		{"//b:x/", "/", "", ""},
		{"  /a\t", "/a", "", ""},
		{"\t//b/x ", "/x", "b", ""},
		{"http:/a", "/a", "", ""},
		{"HTTPS:a?q", "/a?q", "", ""},
		{"http:", "/", "", ""},
		{"http://", "/", "", ""},
		{"http://exa mple.com/", "/", "", ""},
		{"http://example.com:x/p", "/p", "", ""},
		{"http://[::1/", "/", "", ""},
		{"https://a..b/p", "/p", "", ""},
		{"http://[gggg::1]/", "/", "", ""},
		{"http://[1.2.3.4]/", "/", "", ""},
		{"http://[]/", "/", "", ""},
		{"http://[fe80::1%eth0]/", "/", "", ""},
		{"http://[fe80::1%25]/", "/", "", ""},
		{"http://[v1.x]/", "/", "", ""},
		{"http://example.com:99999/", "/", "", ""},
		{"http://example.com:65536/", "/", "", ""},
		{"http://[::1]:70000/", "/", "", ""},
		{"http://example.com:99999999999999999999/", "/", "", ""},
		{"http://é)/p", "/p", "", ""},
		{"http://example.com/a/../b", "/b", "example.com", "http://example.com/robots.txt"},
	}
	for _, tt := range tests {
		got, err := ParseTarget(tt.in)
		if err != nil {
			t.Errorf("ParseTarget(%q): %v", tt.in, err)
			continue
		}
		if got.Path != tt.path || got.Host != tt.host || got.RobotsURL != tt.robots {
			t.Errorf("ParseTarget(%q) = path %q host %q robots %q; want %q %q %q", tt.in, got.Path, got.Host, got.RobotsURL, tt.path, tt.host, tt.robots)
		}
	}
}

func TestParseTargetSteps(t *testing.T) {
	got, err := ParseTarget("https://Bücher.example:443/a?b#c")
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Steps) != 3 {
		t.Errorf("want steps for fragment, host and port, got %+v", got.Steps)
	}
}

// RFC 3986 §4.2: "//b/x" is read as host b and path /x, the way Google's
// library (robots.cc GetPathParamsQuery) and CPython's urllib.parse read it,
// and every reading shows that step and decides on /x.
func TestNetworkPathReference(t *testing.T) {
	tg, err := ParseTarget("//B/x#f")
	if err != nil {
		t.Fatal(err)
	}
	if tg.Host != "b" || tg.Path != "/x" || tg.Scheme != "" || tg.RobotsURL != "" {
		t.Errorf("target = %+v, want host b, path /x, no scheme, no robots.txt URL", tg)
	}
	var step *Step
	for i := range tg.Steps {
		if tg.Steps[i].Source == "RFC 3986 §4.2" {
			step = &tg.Steps[i]
		}
	}
	if step == nil || step.Input != "//B/x" || step.Output != "/x" || !strings.Contains(step.Rule, `"//B" is read as the host "b"`) {
		t.Fatalf("steps = %+v, want one under RFC 3986 §4.2 reading //B/x as host b, path /x", tg.Steps)
	}
	if len(tg.Steps) != 3 || tg.Steps[1].Source != "RFC 3986 §4.2" || tg.Steps[2].Output != "b" {
		t.Errorf("steps = %+v, want the fragment dropped, the network path read, then the host lower-cased", tg.Steps)
	}
	for _, r := range Readings() {
		if r == CrawlerCommons {
			continue // java.net.URI's toURL refuses a reference without a scheme, so isAllowed checks /
		}
		f := Parse(r, []byte("User-agent: *\nDisallow: /x\n"), ParseOptions{})
		res, err := f.Evaluate("FooBot", "//b/x")
		if err != nil {
			t.Errorf("%s: %v", r, err)
			continue
		}
		if res.Allowed || res.Path != "/x" {
			t.Errorf("%s: //b/x allowed = %v, path %q; want disallowed on /x (%s)", r, res.Allowed, res.Path, res.Explanation)
		}
		if !hasStepSource(res.Target.Steps, "RFC 3986 §4.2") {
			t.Errorf("%s: the result's target steps %+v lack the network-path step", r, res.Target.Steps)
		}
	}
}

func hasStepSource(steps []Step, source string) bool {
	for _, s := range steps {
		if s.Source == source {
			return true
		}
	}
	return false
}
