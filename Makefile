# The two commands a fresh machine needs: `make run` and `make test`.
GO       ?= go
BIN      := bin/robots-explorer
WASMEXEC := $(shell $(GO) env GOROOT)/lib/wasm
FUZZTIME ?= 20s

# Google's conformance suite (matcher/conformance_test.go reads it) when it
# sits beside the repository; otherwise that test says how to run it.
ROBOTSTXT_CONFORMANCE ?= $(wildcard $(abspath ../shared/conformance))
ifneq ($(ROBOTSTXT_CONFORMANCE),)
export ROBOTSTXT_CONFORMANCE
endif

.PHONY: build run test test-go test-wasm vet bench bench-peers fuzz fuzz-ci clean

build: $(BIN)

$(BIN): FORCE
	$(GO) build -o $(BIN) ./app

run: build
	@echo "The browser UI comes next (issue 4); the check command is ready: $(BIN) check -h"

vet:
	$(GO) vet ./...
	GOOS=js GOARCH=wasm $(GO) vet ./...

test: vet test-go test-wasm fuzz-ci

test-go:
	$(GO) test -count=1 ./...

# The matcher's tests compiled to WebAssembly and run under Node.
test-wasm:
	@command -v node >/dev/null || { echo "test-wasm needs Node.js: apt-get install -y nodejs" >&2; exit 1; }
	PATH="$$PATH:$(WASMEXEC)" GOOS=js GOARCH=wasm $(GO) test -count=1 ./matcher

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./matcher

# The matcher beside the Go libraries people use instead, on the same
# generated inputs (bench/ is a module of its own, so the main module never
# requires them). benchstat goes into a temporary folder; the raw figures
# stay in bin/bench-peers.txt.
BENCHCOUNT ?= 5
bench-peers:
	@mkdir -p bin
	cd bench && $(GO) test -run '^$$' -bench . -benchmem -count $(BENCHCOUNT) -timeout 60m . > ../bin/bench-peers.txt
	@gobin=$$(mktemp -d) && GOBIN=$$gobin $(GO) install golang.org/x/perf/cmd/benchstat@v0.0.0-20260908200009-22c9c6c9d4da && \
		$$gobin/benchstat -col /side bin/bench-peers.txt; rm -rf $$gobin

# Each fuzz target for FUZZTIME (go test allows one -fuzz target per run).
fuzz:
	@for t in $$($(GO) test -list '^Fuzz' ./matcher | grep '^Fuzz'); do \
		echo "== $$t"; $(GO) test -run '^$$' -fuzz "^$$t$$" -fuzztime $(FUZZTIME) ./matcher || exit 1; \
	done

# Every fuzz target of every package for FUZZCI_TIME, so that each CI run
# fuzzes a little (the seeds in testdata/fuzz replay in every go test).
FUZZCI_TIME ?= 10s
fuzz-ci:
	@for pkg in $$($(GO) list ./...); do \
		for t in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz'); do \
			echo "== $$pkg $$t"; $(GO) test -run '^$$' -fuzz "^$$t$$" -fuzztime $(FUZZCI_TIME) $$pkg || exit 1; \
		done; \
	done

clean:
	rm -rf bin

FORCE:
