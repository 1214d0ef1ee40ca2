package main

import (
	"bytes"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestSplitCommands(t *testing.T) {
	tests := []struct {
		args []string
		want [][]string
	}{
		{[]string{"a", "x", "--", "b", "y", "z"}, [][]string{{"a", "x"}, {"b", "y", "z"}}},
		{[]string{"--", "a", "--", "--", "b"}, [][]string{{"a"}, {"b"}}},
		{nil, nil},
	}
	for _, tt := range tests {
		if got := splitCommands(tt.args); !slices.EqualFunc(got, tt.want, slices.Equal) {
			t.Errorf("splitCommands(%q) = %q, want %q", tt.args, got, tt.want)
		}
	}
}

func TestQuantile(t *testing.T) {
	for _, tt := range []struct {
		ts   []time.Duration
		q    float64
		want time.Duration
	}{
		{[]time.Duration{9, 1, 5, 3, 7}, 0, 1},
		{[]time.Duration{9, 1, 5, 3, 7}, 0.25, 3},
		{[]time.Duration{9, 1, 5, 3, 7}, 0.5, 5},
		{[]time.Duration{9, 1, 5, 3, 7}, 0.75, 7},
		{[]time.Duration{9, 1, 5, 3, 7}, 1, 9},
		// q·n whole: the rank is q·n itself, not the one after.
		{[]time.Duration{4, 2, 3, 1}, 0.5, 2},
		{[]time.Duration{4, 2, 3, 1}, 0.25, 1},
	} {
		if got := quantile(tt.ts, tt.q); got != tt.want {
			t.Errorf("quantile(%v, %v) = %v, want %v", tt.ts, tt.q, got, tt.want)
		}
	}
}

// A command that exits non-zero is timed like any other; one that cannot
// start stops the run.
func TestRun(t *testing.T) {
	times, err := run([][]string{{"true"}, {"false"}}, 1, 3)
	if err != nil {
		t.Fatal(err)
	}
	if len(times) != 2 {
		t.Fatalf("got %d commands' times, want 2", len(times))
	}
	for i, s := range times {
		if len(s.wall) != 3 || len(s.cpu) != 3 {
			t.Fatalf("command %d: %d wall and %d CPU times, want 3 of each", i, len(s.wall), len(s.cpu))
		}
		for k := range s.cpu {
			// The CPU the kernel counted for a run is spent within it.
			if s.cpu[k] > s.wall[k]*2 {
				t.Errorf("command %d run %d: CPU %v exceeds its wall time %v twice over", i, k, s.cpu[k], s.wall[k])
			}
		}
	}
	var out bytes.Buffer
	report(&out, [][]string{{"true"}, {"false"}}, times)
	for _, want := range []string{"true: median", "false: median", "; CPU median"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, out.String())
		}
	}
	if _, err := run([][]string{{"/nonexistent/command"}}, 0, 1); err == nil {
		t.Error("run of a missing command: no error")
	}
}
