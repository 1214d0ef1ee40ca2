package matcher

import (
	"fmt"
	"reflect"
	"sync"
	"testing"
)

// A File keeps each token's group trace; a result from the cache must be
// the one worked out afresh, for every reading, for more tokens than the
// cache holds, and from several goroutines at once (check -urls evaluates
// on every core; run with -race).
func TestSelectionCacheGivesFreshResults(t *testing.T) {
	src := []byte("User-agent: a\nUser-agent: b/1\nDisallow: /x\n\nUser-agent: *\nAllow: /x$\nDisallow: /\nCrawl-delay: 1\nUser-agent: a\nDisalow: /z\n")
	tokens := []string{"a", "A", "b", "", " a ", "zz"}
	for i := 0; i < maxSelections; i++ {
		tokens = append(tokens, fmt.Sprintf("bot%c", 'a'+i%26))
	}
	for _, r := range Readings() {
		cached := ParseAs(r, src)
		var wg sync.WaitGroup
		for w := 0; w < 4; w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for _, tok := range tokens {
					for _, u := range []string{"/x", "/y", "/robots.txt"} {
						fresh := ParseAs(r, src)
						fresh.selections = nil
						want, _ := fresh.Evaluate(tok, u)
						got, _ := cached.Evaluate(tok, u)
						if !reflect.DeepEqual(got, want) {
							t.Errorf("%s %q %s: cached %+v, fresh %+v", r, tok, u, got, want)
						}
					}
				}
			}()
		}
		wg.Wait()
		if n := len(cached.selections.m); n > maxSelections {
			t.Errorf("%s: the cache holds %d tokens, more than %d", r, n, maxSelections)
		}
	}
}
