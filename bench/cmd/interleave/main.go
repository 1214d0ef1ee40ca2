// Command interleave times whole processes by running them in turn, one
// run of each per round, and prints each one's median and quartiles of
// wall time, and its median beside the first command's.
//
//	go run ./cmd/interleave -rounds 300 -- CMD ARGS... -- CMD ARGS...
//
// A shared machine's speed drifts by tens of percent within minutes. Runs
// in blocks (hyperfine's ten of one, then ten of the other) can land in
// different phases of that drift; one run of each in turn puts every pair
// in the same phase. A command's exit status is not judged (check exits 1
// for a disallowed URL), but one that cannot be started stops the run.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"slices"
	"strings"
	"time"
)

func main() {
	rounds := flag.Int("rounds", 300, "rounds to time, after the warm-up")
	warmup := flag.Int("warmup", 5, "rounds run first and not timed")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: interleave [-rounds N] [-warmup N] -- CMD ARGS... [-- CMD ARGS...]")
		flag.PrintDefaults()
	}
	flag.Parse()
	cmds := splitCommands(flag.Args())
	if len(cmds) == 0 || *rounds < 1 || *warmup < 0 {
		flag.Usage()
		os.Exit(2)
	}
	times, err := run(cmds, *warmup, *rounds)
	if err != nil {
		fmt.Fprintln(os.Stderr, "interleave:", err)
		os.Exit(1)
	}
	report(os.Stdout, cmds, times)
}

// splitCommands cuts the arguments at each "--" into commands, dropping
// empty ones.
func splitCommands(args []string) [][]string {
	var cmds [][]string
	var cur []string
	for _, a := range append(args, "--") {
		if a != "--" {
			cur = append(cur, a)
		} else if len(cur) > 0 {
			cmds, cur = append(cmds, cur), nil
		}
	}
	return cmds
}

// run runs every command once per round, in reverse order every other
// round so that none always runs first, and returns each one's timed
// durations.
func run(cmds [][]string, warmup, rounds int) ([][]time.Duration, error) {
	times := make([][]time.Duration, len(cmds))
	for r := range warmup + rounds {
		for k := range cmds {
			i := k
			if r%2 == 1 {
				i = len(cmds) - 1 - k
			}
			c := cmds[i]
			cmd := exec.Command(c[0], c[1:]...)
			start := time.Now()
			err := cmd.Run()
			d := time.Since(start)
			var exit *exec.ExitError
			if err != nil && !errors.As(err, &exit) {
				return nil, err
			}
			if r >= warmup {
				times[i] = append(times[i], d)
			}
		}
	}
	return times, nil
}

func report(w io.Writer, cmds [][]string, times [][]time.Duration) {
	first := quantile(times[0], 0.5)
	for i, c := range cmds {
		med := quantile(times[i], 0.5)
		fmt.Fprintf(w, "%s: median %.3f ms (p25 %.3f, p75 %.3f), %.3f× the first\n",
			strings.Join(c, " "), ms(med), ms(quantile(times[i], 0.25)), ms(quantile(times[i], 0.75)),
			float64(med)/float64(first))
	}
}

// quantile returns the q-quantile of ts by nearest rank (the smallest
// value with at least q of them at or below it), sorting ts.
func quantile(ts []time.Duration, q float64) time.Duration {
	slices.Sort(ts)
	rank := int(math.Ceil(q * float64(len(ts))))
	return ts[max(0, min(len(ts), rank)-1)]
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
