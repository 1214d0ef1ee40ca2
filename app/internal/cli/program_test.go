//go:build !wasm

package cli

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"syscall"
	"testing"
	"time"
)

// The tests of what check does as a process (its memory, its exit status
// when standard output fails) run the real program, built once per test
// binary into a temporary folder.
// afterTests are run once every test has: e.g. removing the program the
// process tests built (see builtProgram).
var afterTests []func()

func TestMain(m *testing.M) {
	code := m.Run()
	for _, f := range afterTests {
		f()
	}
	os.Exit(code)
}

var program struct {
	once sync.Once
	dir  string
	path string
	err  error
}

// builtProgram builds robots-explorer once, as make builds it.
func builtProgram(t *testing.T) string {
	t.Helper()
	program.once.Do(func() {
		program.dir, program.err = os.MkdirTemp("", "robots-explorer-test-")
		if program.err != nil {
			return
		}
		afterTests = append(afterTests, func() { os.RemoveAll(program.dir) })
		program.path = filepath.Join(program.dir, "robots-explorer")
		cmd := exec.Command("go", "build", "-o", program.path, "robots-explorer/app")
		cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
		if out, err := cmd.CombinedOutput(); err != nil {
			program.err = &buildError{err, out}
		}
	})
	if program.err != nil {
		t.Fatalf("building robots-explorer: %v", program.err)
	}
	return program.path
}

type buildError struct {
	err error
	out []byte
}

func (e *buildError) Error() string { return e.err.Error() + "\n" + string(e.out) }

// A procRun is one finished process: its exit status, output, and peak
// resident memory.
type procRun struct {
	code           int
	stdout, stderr string
	peakRSS        int64 // bytes
}

// programMemory bounds the address space of each run (ulimit -v, in KiB):
// a check that reads without end dies of it instead of filling the
// machine, and fails its test.
const programMemory = 2 << 20

// runProgram runs the program with args, stdin and stdout given (nil:
// empty input, captured output), with at most programMemory of address
// space, and kills it after a minute: a check that never stops fails
// instead of hanging the tests.
func runProgram(t *testing.T, stdin, stdout *os.File, args ...string) procRun {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	limited := append([]string{"-c", `ulimit -v ` + strconv.Itoa(programMemory) + ` && exec "$0" "$@"`, builtProgram(t)}, args...)
	cmd := exec.CommandContext(ctx, "/bin/sh", limited...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if stdin != nil {
		cmd.Stdin = stdin
	}
	if stdout != nil {
		cmd.Stdout = stdout
	}
	err := cmd.Run()
	if ctx.Err() != nil {
		t.Fatalf("%v: still running after a minute, killed", args)
	}
	if _, ok := err.(*exec.ExitError); err != nil && !ok {
		t.Fatalf("%v: %v", args, err)
	}
	r := procRun{code: cmd.ProcessState.ExitCode(), stdout: out.String(), stderr: errb.String()}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		r.peakRSS = ru.Maxrss << 10 // Linux counts in KiB
	}
	return r
}
