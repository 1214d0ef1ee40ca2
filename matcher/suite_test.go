package matcher

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// readSuite reads the JSON-lines file name from the folder the environment
// variable env names, one T a line, each completed and checked by check
// (given its line number). A missing folder or file fails the test under
// CI=true and skips it elsewhere; either way the message says what was not
// run and how to run it (howTo).
func readSuite[T any](t testing.TB, env, name, notRun, howTo string, check func(c *T, line int) error) []T {
	t.Helper()
	dir := os.Getenv(env)
	path := filepath.Join(dir, name)
	f, err := os.Open(path)
	if dir == "" {
		err = errors.New(env + " is not set")
	}
	if err != nil {
		msg := fmt.Sprintf("%s: %v. %s", notRun, err, howTo)
		if os.Getenv("CI") == "true" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	defer f.Close()
	var cases []T
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for n := 1; sc.Scan(); n++ {
		var c T
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatalf("%s:%d: %v", path, n, err)
		}
		if err := check(&c, n); err != nil {
			t.Fatalf("%s:%d: %v", path, n, err)
		}
		cases = append(cases, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if len(cases) == 0 {
		t.Fatalf("%s holds no cases", path)
	}
	return cases
}
