// Package permalink writes the explorer's whole state into a URL fragment
// and reads it back. Two forms load: a readable one that people write by
// hand (robots=…&token=…&crawlers=…&url=…&url=…&reading=…&chosen=…, then the optional
// delivery facts status=…&redirect=…&type=…&error=…&observed=…, and the
// release check's file in production, before=…) and a compact,
// versioned one (z1=<base64url of deflate>) that "Copy link" produces.
//
// The state lives in the fragment, not the query: the fragment never
// reaches a server, and go-app's service worker matches its cache by the
// exact URL including the query.
package permalink

import (
	"encoding/base64"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
)

// A State is the explorer's whole input: the file, the product token, the
// URLs, the reading and the chosen URL, and what was observed of the
// file's delivery. It is the one shape of an input: the explorer's fields
// hold one, a link or a saved file restores one, and the lessons' examples
// and the register's queries open as one.
type State struct {
	Robots string
	Token  string
	// Crawlers is the explorer's choice of crawlers, each URL's verdict
	// shown for each: a preset's name ("ai-training") or a comma-separated
	// list of crawlers; empty when the token alone is asked about. The
	// explorer reads it (view.ParseCrawlers); a link carries it as typed.
	Crawlers string
	URLs     []string // one a line; a link carries them trimmed, without blank lines
	Reading  string   // a reading's name; "" for the default, rfc9309
	Chosen   int      // index in URLs of the chosen URL
	Delivery
	// Before is the release check's file in production, beside Robots as
	// the candidate; empty in a link without a release check (as every
	// link made before it existed).
	Before string
}

// Delivery holds the facts of a file's delivery as typed, all optional: a
// link without them (as every link made before they existed) has none.
type Delivery struct {
	Status      string
	Redirects   []string // one URL a line, in the order followed
	ContentType string
	FetchError  string // a network error or timeout, in the person's words
	Observed    string // when the file was fetched: the datetime-local form, RFC 3339 or a date
}

// deliveryKeys are the parameters of the delivery facts, short because
// they travel in links.
var deliveryKeys = []string{"status", "redirect", "type", "error", "observed"}

// Limits that keep a link safe to open.
const (
	// MaxFragment is the longest fragment a link should carry; browsers and
	// chat tools cut longer URLs. A larger state is saved to a file.
	MaxFragment = 32 << 10
	// MaxState bounds what a compact link may decompress to, so that a
	// decompression bomb is refused rather than filling memory.
	MaxState = 8 << 20
)

// compactPrefix names the version of the compact form.
const compactPrefix = "z1="

// Errors a link can give. Each leaves the current work untouched: the
// caller only replaces its state when Decode succeeds.
var (
	ErrTooLarge  = errors.New("the link's state is larger than the explorer accepts")
	ErrCorrupt   = errors.New("the link is damaged: its compact state could not be read")
	ErrVersion   = errors.New("the link was made by a newer version of the explorer")
	ErrMalformed = errors.New("the link's parameters could not be read")
)

// Readable returns the hand-writable form.
func Readable(s State) string { return ReadablePaced(s, nil) }

// ReadablePaced is Readable with pause (when not nil) called between
// slices of escapeSlice bytes of each value: the page encodes a pasted
// file of megabytes in short browser tasks (see matcher.ParseOptions.Pause).
func ReadablePaced(s State, pause func()) string {
	v := url.Values{}
	if s.Robots != "" {
		v.Set("robots", s.Robots)
	}
	if s.Token != "" {
		v.Set("token", s.Token)
	}
	if s.Crawlers != "" {
		v.Set("crawlers", s.Crawlers)
	}
	v["url"] = append(v["url"], s.URLs...)
	if s.Reading != "" {
		v.Set("reading", s.Reading)
	}
	if s.Chosen > 0 {
		v.Set("chosen", strconv.Itoa(s.Chosen))
	}
	for k, val := range map[string]string{"status": s.Status, "type": s.ContentType, "error": s.FetchError, "observed": s.Observed} {
		if val != "" {
			v.Set(k, val)
		}
	}
	if len(s.Redirects) > 0 {
		v["redirect"] = s.Redirects
	}
	if s.Before != "" {
		v.Set("before", s.Before)
	}
	return encodeOrdered(v, pause)
}

// escapeSlice is how much of a value ReadablePaced escapes between two
// pauses: a few milliseconds of work in the page.
const escapeSlice = 64 << 10

// encodeOrdered writes parameters in a fixed, readable order.
func encodeOrdered(v url.Values, pause func()) string {
	var b strings.Builder
	for _, k := range append(append([]string{"robots", "token", "crawlers", "url", "reading", "chosen"}, deliveryKeys...), "before") {
		for _, val := range v[k] {
			if b.Len() > 0 {
				b.WriteByte('&')
			}
			b.WriteString(k)
			b.WriteByte('=')
			escapeValue(&b, val, pause)
		}
	}
	return b.String()
}

// escapeValue writes val query-escaped, with spaces as %20, a slice at a
// time: escaping is byte by byte, so the slices' escapes joined are the
// escape of the whole.
func escapeValue(b *strings.Builder, val string, pause func()) {
	for {
		n := min(len(val), escapeSlice)
		b.WriteString(strings.ReplaceAll(url.QueryEscape(val[:n]), "+", "%20"))
		if val = val[n:]; val == "" {
			return
		}
		if pause != nil {
			pause()
		}
	}
}

// Compact returns the form "Copy link" produces: the readable form,
// deflated and base64url-encoded, behind a version prefix. In the browser
// it waits for the browser's compression stream (see codec_js.go): call it
// from a goroutine of its own. It fails only where the browser has no
// such stream.
func Compact(s State) (string, error) { return CompactReadable(Readable(s)) }

// CompactReadable is Compact of the state whose readable form is r.
func CompactReadable(r string) (string, error) {
	z, err := deflateRaw([]byte(r))
	if err != nil {
		return "", err
	}
	return compactPrefix + base64.RawURLEncoding.EncodeToString(z), nil
}

// Decode reads a fragment (with or without its leading '#') in either
// form; for the compact form in the browser it waits, as Compact does. Parameters it does not know are ignored, so older links keep
// working as the state grows.
func Decode(fragment string) (State, error) {
	fragment = strings.TrimPrefix(fragment, "#")
	if len(fragment) > MaxState {
		return State{}, ErrTooLarge
	}
	if IsCompact(fragment) {
		return decodeCompact(fragment)
	}
	return decodeReadable(fragment)
}

// IsCompact reports whether fragment is in a compact form (z1= or a later
// version), the one that needs decompressing.
func IsCompact(fragment string) bool {
	fragment = strings.TrimPrefix(fragment, "#")
	return len(fragment) > 1 && fragment[0] == 'z' && fragment[1] >= '0' && fragment[1] <= '9'
}

func decodeCompact(fragment string) (State, error) {
	if !strings.HasPrefix(fragment, compactPrefix) {
		return State{}, ErrVersion
	}
	raw, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(fragment[len(compactPrefix):], "="))
	if err != nil {
		return State{}, fmt.Errorf("%w (%v)", ErrCorrupt, err)
	}
	text, err := inflateRaw(raw, MaxState)
	if errors.Is(err, errInflateSize) {
		return State{}, ErrTooLarge
	}
	if err != nil {
		return State{}, fmt.Errorf("%w (%v)", ErrCorrupt, err)
	}
	return decodeReadable(string(text))
}

func decodeReadable(fragment string) (State, error) {
	v, err := parseParams(fragment)
	if err != nil {
		return State{}, fmt.Errorf("%w (%v)", ErrMalformed, err)
	}
	s := State{Robots: v.Get("robots"), Token: v.Get("token"), Crawlers: v.Get("crawlers"), URLs: v["url"], Reading: v.Get("reading"),
		Delivery: Delivery{Status: v.Get("status"), Redirects: v["redirect"], ContentType: v.Get("type"), FetchError: v.Get("error"), Observed: v.Get("observed")},
		Before:   v.Get("before")}
	if c := v.Get("chosen"); c != "" {
		n, err := strconv.Atoi(c)
		if err != nil || n < 0 {
			return State{}, fmt.Errorf("%w: chosen=%q is not a URL number", ErrMalformed, c)
		}
		s.Chosen = n
	}
	if s.Chosen >= len(s.URLs) && s.Chosen > 0 {
		s.Chosen = 0
	}
	return s, nil
}

// parseParams reads a fragment's parameters as url.ParseQuery does, with
// no bound on their number: url.ParseQuery refuses more than 10,000, and
// a link holds one parameter a URL. MaxState bounds the fragment instead.
func parseParams(fragment string) (url.Values, error) {
	v := url.Values{}
	for part := range strings.SplitSeq(fragment, "&") {
		if strings.Contains(part, ";") {
			return nil, errors.New("invalid semicolon separator in query")
		}
		if part == "" {
			continue
		}
		key, value, _ := strings.Cut(part, "=")
		key, err := url.QueryUnescape(key)
		if err != nil {
			return nil, err
		}
		if value, err = url.QueryUnescape(value); err != nil {
			return nil, err
		}
		v[key] = append(v[key], value)
	}
	return v, nil
}

// Fits reports whether the compact link for s is short enough to share.
func Fits(s State) bool {
	c, err := Compact(s)
	return err == nil && len(c) <= MaxFragment
}
