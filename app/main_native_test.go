//go:build !wasm

package main

import (
	"bytes"
	"strings"
	"testing"

	"robots-explorer/app/internal/cli"
)

func TestRunDispatchesServeAndStatic(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"static"}, nil, &out, &errb); code != cli.ExitUsage || !strings.Contains(errb.String(), "-out") {
		t.Errorf("static without -out: %d %q", code, errb.String())
	}
	errb.Reset()
	if code := run([]string{"serve", "-web", t.TempDir()}, nil, &out, &errb); code != 1 || !strings.Contains(errb.String(), "make build") {
		t.Errorf("serve without a build: %d %q", code, errb.String())
	}
	out.Reset()
	run([]string{"help"}, nil, &out, &errb)
	for _, cmd := range []string{"check", "serve", "static"} {
		if !strings.Contains(out.String(), cmd) {
			t.Errorf("usage lacks %s", cmd)
		}
	}
	if strings.Contains(out.String(), "precompress") {
		t.Error("usage lists the build step")
	}
}

// The build steps are programs of their own (app/tools), no longer hidden
// commands of the product.
func TestBuildStepsAreNotCommands(t *testing.T) {
	for _, cmd := range []string{"packwasm", "precompress"} {
		var out, errb bytes.Buffer
		if code := run([]string{cmd, "in.wasm", "out.wasm"}, nil, &out, &errb); code != cli.ExitUsage || !strings.Contains(errb.String(), "unknown command") {
			t.Errorf("%s: exit %d, %q", cmd, code, errb.String())
		}
	}
}
