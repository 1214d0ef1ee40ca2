package suite

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os/exec"
	"strings"
	"testing"
)

// Ask runs a program that answers the live comparisons (python3 with
// CPython's robotparser, node with robots-parser): it feeds in on its
// standard input and reads one JSON value of type A per line of its
// output, up to maxLine bytes a line. A program that fails, or a line
// that is not an A, fails the test with what the program wrote to its
// standard error.
func Ask[A any](t testing.TB, cmd *exec.Cmd, in []byte, maxLine int) []A {
	t.Helper()
	name := strings.Join(cmd.Args, " ")
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: %v\n%s", name, err, stderr.String())
	}
	var answers []A
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), maxLine)
	for sc.Scan() {
		var a A
		if err := json.Unmarshal(sc.Bytes(), &a); err != nil {
			t.Fatalf("reading the answer of %s, %q: %v", name, sc.Text(), err)
		}
		answers = append(answers, a)
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("reading the answers of %s: %v", name, err)
	}
	return answers
}
