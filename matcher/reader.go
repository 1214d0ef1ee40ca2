package matcher

import (
	"fmt"
	"strings"
)

// A Reading names one way of interpreting a robots.txt file.
type Reading string

// The readings the matcher implements.
const (
	// RFC9309 is RFC 9309 as written, with documented choices where the
	// RFC is silent. It is the default.
	RFC9309 Reading = "rfc9309"
)

// The names of the other readings the project implements, each in its own
// package under matcher/reading, which matcher/readings registers. (A
// reading's name is its own; these are here so that their users can name
// them without importing the reading.)
const (
	Google         Reading = "google"
	Python         Reading = "python"
	PythonRFC      Reading = "python-rfc"
	Protego        Reading = "protego"
	RobotsParser   Reading = "robots-parser"
	CrawlerCommons Reading = "crawler-commons"
	Koster1996     Reading = "koster1996"
)

// The diagnostic codes and reasons that more than one of the other
// readings give, or that a program names: they are named here, beside the
// readings' names, so that matcher.CodeRaises means the same wherever it
// is used; diagnostic.go and result.go hold those of the core, and a code
// only one reading gives is that reading's own.

// Diagnostic codes of the first-match readings (python and koster1996).
const (
	CodeRaises        Code = "raises"         // CPython raises an exception here
	CodeNotBlank      Code = "not-blank"      // a line of white space does not end a record
	CodeDroppedAgents Code = "dropped-agents" // user-agent lines whose record ended before any rule
	CodeIgnoredRecord Code = "ignored-record" // a record that can never apply
	CodeNoWildcards   Code = "no-wildcards"   // '*' or '$' in a pattern is compared literally
	CodeAgentSlash    Code = "agent-slash"    // a user-agent value with '/' never matches under python
	CodeRecordBreak   Code = "record-break"   // a line that ends or starts a record unexpectedly
)

// ReasonRaises says that the reading's real implementation raises an
// exception for this URL and gives no verdict; it is shown as disallowed,
// since a crawler whose check fails fetches nothing.
const ReasonRaises Reason = "raises"

// ReasonNoVerdict: robots-parser's isAllowed returns undefined for this URL.
const ReasonNoVerdict Reason = "no-verdict"

// The reasons only crawler-commons gives.
const (
	// ReasonCrawlDelay: the Crawl-delay that applies is over the parser's
	// limit, so every URL is disallowed.
	ReasonCrawlDelay Reason = "crawl-delay"
	// ReasonNotRobots: the file is empty, or an HTML page without
	// "user-agent:", so every URL is allowed.
	ReasonNotRobots Reason = "not-robots"
)

// A Reader is one reading: its own parse of the bytes into the shared line
// model, and its own evaluation of a parsed file. A reading that the
// comparison (matcher/compare) can take apart also implements
// compare.Chooser.
type Reader interface {
	// Info names the reading and says what it mirrors.
	Info() ReadingInfo
	// Parse reads src, whose text (string(src)) the caller has made, so
	// that a source already held as a string is never copied. The File's
	// Reading is Info().Name. It makes the File with NewScanner,
	// given o, so that Report honours o.MaxDiagnostics.
	Parse(src []byte, text string, o ParseOptions) *File
	// Evaluate decides for a File that Parse made.
	Evaluate(f *File, token string, t *Target) *Result
}

// A TargetReader is a Reader that reads the URL string itself, as the
// program it mirrors does, rather than as RFC 9309 does (ParseTarget): a
// reading without one reads URLs with ParseTarget. File.ReadTargetInto,
// and Evaluate, ask it.
type TargetReader interface {
	// ReadTarget reads raw into t, which it overwrites as
	// parseTargetInto does. The error says why the program refuses raw
	// before it decides: a program that answers every string, or gives
	// its own no-verdict for it (ReasonNoVerdict, ReasonRaises), returns
	// none, and its Evaluate says so.
	ReadTarget(t *Target, raw string) error
}

// ReadTargetInto reads raw into t, which it overwrites, as the reading f
// was parsed with reads a URL to match (see TargetReader), reusing what t
// holds: a caller that decides URL after URL into one Target makes no
// Target per URL.
func (f *File) ReadTargetInto(t *Target, raw string) error { return readTargetInto(f.impl(), t, raw) }

func readTargetInto(r Reader, t *Target, raw string) error {
	if tr, ok := r.(TargetReader); ok {
		return tr.ReadTarget(t, raw)
	}
	return parseTargetInto(t, raw)
}

// ReadAsGiven reads raw into t for a reading whose program takes any
// string and reads it its own way from Target.Input: the Target is
// ParseTarget's where RFC 9309 reads raw, and holds only the input where
// it does not.
func ReadAsGiven(t *Target, raw string) {
	if parseTargetInto(t, raw) != nil {
		*t = Target{Input: raw}
	}
}

// readers holds every registered reading, in the order they are shown:
// RFC 9309, the default, first; Register adds the others.
var readers = []Reader{rfc9309{}}

// Register adds the reading r after those registered before it, for
// Readings, About, ParseReading, Parse and the comparison to know. The
// package matcher/readings registers the project's readings, in the order
// they are shown; a program that uses them imports it. Register is for a
// program's start (an init function): it is not safe to call while files
// are parsed. It panics when a reading of the same name is registered.
func Register(r Reader) {
	if ReaderOf(r.Info().Name) != nil {
		panic(fmt.Sprintf("matcher: reading %q registered twice", r.Info().Name))
	}
	readers = append(readers, r)
}

// ReadingInfo says what a reading is: for a reading that mirrors a
// program, which program and version, and who is known to run it.
type ReadingInfo struct {
	Name Reading
	// Title is a short label for tables and menus.
	Title string
	// Mirrors is the program and version the reading decides as, or the
	// text it reads for a reading of a document.
	Mirrors string
	// UsedBy names crawlers and frameworks known to run the program, each
	// with its source; empty where no source says.
	UsedBy string
}

// About returns what the reading r is; the zero ReadingInfo for an unknown
// one.
func About(r Reading) ReadingInfo {
	if impl := ReaderOf(r); impl != nil {
		return impl.Info()
	}
	return ReadingInfo{}
}

// Readings lists the implemented readings, the default first.
func Readings() []Reading {
	out := make([]Reading, len(readers))
	for i, r := range readers {
		out[i] = r.Info().Name
	}
	return out
}

// ParseReading returns the reading with the given name, case-insensitively.
func ParseReading(name string) (Reading, error) {
	for _, r := range readers {
		if n := r.Info().Name; strings.EqualFold(string(n), name) {
			return n, nil
		}
	}
	// The names are listed only for the error: a name that is found
	// (a permalink's, a flag's) makes no list.
	names := make([]string, len(readers))
	for i, r := range readers {
		names[i] = string(r.Info().Name)
	}
	return "", fmt.Errorf("unknown reading %q (known: %s)", name, strings.Join(names, ", "))
}

// ReaderOf returns the registered Reader of reading r, or nil.
func ReaderOf(r Reading) Reader {
	for _, x := range readers {
		if x.Info().Name == r {
			return x
		}
	}
	return nil
}

// Parse reads src under the reading r; a reading that is not registered
// is read as RFC 9309. It accepts any bytes; of a source over 2 GiB it
// reads only the first 2 GiB - 1 bytes (see Line), and says so in a
// diagnostic.
func Parse(r Reading, src []byte, o ParseOptions) *File {
	text := o.Text
	if string(src) != text { // compared in place, no copy
		text = string(src)
	}
	return parseWithin(readerOrRFC(r), src, text, maxSource, o)
}

// ParseOptions bound what a parse and its evaluations keep for a caller
// that lists it, and let a program with one thread pause a parse. The zero
// value keeps everything.
type ParseOptions struct {
	// MaxDiagnostics, when above 0, keeps at most that many diagnostics
	// of each code; one more, at the place of the first left out, counts
	// the rest (Scanner.SortedDiagnostics): for a caller that lists or
	// holds them, such as check, whose file of millions of rules naming a
	// private path would otherwise hold a diagnostic per rule. Nothing
	// else of a parse changes.
	MaxDiagnostics int
	// MaxMatches, when above 0, keeps in Result.Matches the first
	// MaxMatches matches and, past them, only a match that is stronger
	// than every kept match of its kind (Result.AddMatch), and counts
	// the rest in Result.Omitted: for a caller that lists the matches,
	// such as check, where a URL that millions of rules match would
	// otherwise list every one. The verdict, reason, winner and runner-up
	// are those of the full evaluation (TestMaxMatchesSameAnswers).
	MaxMatches int
	// SkipAgentTrace leaves Result.Groups.Agents, the trace of how each
	// user-agent line compared with the token, empty: for a caller that
	// shows which groups apply but not that trace, such as check and
	// diff. A File keeps each token's selection for the next URL, and
	// kept for every crawler of the directory the traces of a file of
	// many user-agent lines grow with the crawlers
	// (TestCheckMemoryDoesNotGrowWithCrawlers in app/internal/cli).
	SkipAgentTrace bool
	// Pause, when set, is called between lines while a reading parses,
	// every PauseEvery lines (see Scanner.Pace): a program with one
	// thread (the page, compiled to WebAssembly) blocks in it to let its
	// event loop run, so that a long parse is cut into short tasks. It
	// may also end the goroutine (runtime.Goexit) to abandon a parse
	// whose result is no longer wanted: a parse holds no lock and writes
	// nothing but the File it makes. The File does not keep it.
	Pause func()
	// Text, when it holds the same bytes as the source, is the string the
	// File's strings (patterns, agents, TextOf) are slices of: for a
	// caller that holds the source as a string already (an editor's text,
	// a file read into one, or a string over the bytes' own memory), so
	// that Parse makes no second copy of it. Otherwise Parse makes the
	// string from the source. The File does not keep it apart from that.
	Text string
}

// readerOrRFC returns the reading named r; an unknown one falls back to
// RFC 9309.
func readerOrRFC(r Reading) Reader {
	if impl := ReaderOf(r); impl != nil {
		return impl
	}
	return rfc9309{}
}

// parseWithin parses at most limit bytes of src. The line model holds
// int32 offsets, so a larger source is cut here, once for every reading,
// rather than wrapping offsets in each parser; no crawler reads that far
// anyway (RFC 9309 §2.5 asks for 500 KiB).
func parseWithin(impl Reader, src []byte, text string, limit int, o ParseOptions) *File {
	n := min(len(src), limit)
	f := impl.Parse(src[:n], text[:n], o)
	f.reader, f.opts.Pause, f.opts.Text = impl, nil, ""
	if n == len(src) {
		return f
	}
	at := f.store().position(limit)
	f.Diagnostics = append(f.Diagnostics, Diagnostic{Pos: at, End: at, Code: CodeSizeLimit, Severity: Error,
		Source:  "RFC 9309 §2.5",
		Message: fmt.Sprintf("the file is %d bytes; only its first %d were read, the rest was not read at all", len(src), limit)})
	f.Diagnostics.Sort()
	return f
}

// Evaluate decides whether token may crawl rawURL under the reading f was
// parsed with, which reads the URL its own way (TargetReader). The only
// error is a URL that the reading refuses.
func (f *File) Evaluate(token, rawURL string) (*Result, error) {
	t := new(Target)
	if err := f.ReadTargetInto(t, rawURL); err != nil {
		return nil, err
	}
	if len(t.Steps) == 0 {
		t.Steps = nil // as ParseTarget leaves it
	}
	return f.EvaluateTarget(token, t), nil
}

// EvaluateTarget is Evaluate for a URL already read with ReadTargetInto.
func (f *File) EvaluateTarget(token string, t *Target) *Result { return f.impl().Evaluate(f, token, t) }
