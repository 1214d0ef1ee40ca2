package matcher_test

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"robots-explorer/matcher"
)

// pacedFile is a file of n lines that every reading reads as rules of
// one group.
func pacedFile(n int) string {
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	for i := 1; i < n; i++ {
		fmt.Fprintf(&b, "Disallow: /p%d/\n", i)
	}
	return b.String()
}

// The Pause hook of ParseOptions: every reading calls it between lines,
// once per PauseEvery lines read, and a parse with it makes the same File
// as one without; the File does not keep it.
func TestParsePauseEveryReading(t *testing.T) {
	for _, lines := range []int{0, matcher.PauseEvery - 1, matcher.PauseEvery, 10*matcher.PauseEvery + 3} {
		src := pacedFile(lines)
		n := matcher.Parse(matcher.RFC9309, []byte(src), matcher.ParseOptions{Text: src}).NumLines()
		for _, r := range matcher.Readings() {
			calls := 0
			o := matcher.ParseOptions{Pause: func() { calls++ }}
			o.Text = src
			paced := matcher.Parse(r, []byte(src), o)
			if want := n / matcher.PauseEvery; calls < want {
				t.Errorf("%s, %d lines: Pause called %d times, want at least %d", r, n, calls, want)
			}
			if calls > n/matcher.PauseEvery*2+1 {
				t.Errorf("%s, %d lines: Pause called %d times, want about one per %d lines", r, n, calls, matcher.PauseEvery)
			}
			plain := matcher.Parse(r, []byte(src), matcher.ParseOptions{Text: src})
			if !reflect.DeepEqual(paced.Lines(), plain.Lines()) || !reflect.DeepEqual(matcher.GroupsOf(paced), matcher.GroupsOf(plain)) ||
				!reflect.DeepEqual(paced.Diagnostics, plain.Diagnostics) {
				t.Errorf("%s, %d lines: the parse with a Pause hook differs from the one without", r, n)
			}
			before := calls
			if _, err := paced.Evaluate("bot", "/p1/x"); err != nil {
				t.Fatal(err)
			}
			if calls != before {
				t.Errorf("%s: an evaluation called the parse's Pause hook", r)
			}
		}
	}
}
