# The two commands a fresh machine needs: `make run` and `make test`.
GO       ?= go
BIN      := bin/robots-explorer
WASMEXEC := $(shell $(GO) env GOROOT)/lib/wasm
FUZZTIME ?= 20s
# The version decision records carry (app/internal/version); empty outside git.
# Taken once, when make starts (:=, not ?=, which would run git describe
# again for each recipe): the program and the page's wasm of one build must
# carry the same version even when the tree changes during the build.
ifeq ($(origin VERSION),undefined)
VERSION  := $(shell git describe --always --dirty 2>/dev/null)
endif

# Google's conformance suite (matcher/internal/suite reads it for the tests) when it
# sits beside the repository; otherwise that test says how to run it.
ROBOTSTXT_CONFORMANCE ?= $(wildcard $(abspath ../shared/conformance))
ifneq ($(ROBOTSTXT_CONFORMANCE),)
export ROBOTSTXT_CONFORMANCE
endif
# The differential corpus (matcher/internal/suite reads it): what real
# implementations answered to generated questions.
ROBOTSTXT_DIFFERENTIAL ?= $(wildcard $(abspath ../shared/differential))
ifneq ($(ROBOTSTXT_DIFFERENTIAL),)
export ROBOTSTXT_DIFFERENTIAL
endif
ADDR     ?= 127.0.0.1:8000
VERSIONVAR := robots-explorer/app/internal/version.version
PACKWASM := .cache/bin/packwasm
PRECOMPRESS := .cache/bin/precompress
EDITORTOOL := .cache/bin/editor
EDITORJS := web/editor.js
WASM     := web/app.wasm

.PHONY: build dev run test test-go test-wasm test-e2e chromium axe commonmark markdown-it robots-parser warcio wget vet staticcheck bench bench-peers mem fuzz fuzz-ci soak clean

# The program, the UI compiled to WebAssembly, and the UI's gzip and brotli
# forms (made once here, so serve never compresses per request).
build: $(BIN) $(WASM) $(WASM).gz $(WASM).br $(EDITORJS)

# CGO_ENABLED=0: a static program, with Go's own DNS resolver. Linked
# against libc, every start would pay for the dynamic loader and libc's
# set-up, a large part of a check of a tiny file.
$(BIN): FORCE
	CGO_ENABLED=0 $(GO) build -ldflags "-X $(VERSIONVAR)=$(VERSION)" -o $(BIN) ./app

# -s -w drops the symbol table and DWARF, which the page never reads.
# -l on the UI's own packages (robots-explorer/app/...: the wasm's main,
# ui, view, browser, permalink) only: inlining in its render code makes it
# larger after gzip and no faster in the browser tests; the matcher,
# go-app, the runtime and app/lesson (its text, with a few functions,
# smaller after brotli with inlining) keep inlining.
# -X version: records made in the page carry the same version as the
# program's (app/internal/version), not "devel".
# packwasm then joins the linker's many small data segments: the same
# memory, in fewer bytes after compression. go build relinks only after a
# change and packwasm writes app.wasm only when its bytes change, so the
# compressed forms below are only remade after a real change.
# The wasm is compiled apart from packwasm, so that make -j2 compiles it
# and the program at once (on a fresh machine each compiles its own
# standard library; together they keep both cores busy).
WASMLINKED := bin/app.wasm
$(WASMLINKED): FORCE
	GOOS=js GOARCH=wasm $(GO) build -trimpath -gcflags=robots-explorer/app/...=-l -gcflags=robots-explorer/app/lesson= -ldflags="-s -w -X $(VERSIONVAR)=$(VERSION)" -o $(WASMLINKED) ./app
$(WASM): $(WASMLINKED) | $(PACKWASM)
	$(PACKWASM) $(WASMLINKED) $(WASM)

$(WASM).gz $(WASM).br &: $(WASM) | $(PRECOMPRESS)
	$(PRECOMPRESS) $(WASM)

# The build tools are small programs of their own (app/tools), not
# commands of the product: built by one go build into the ignored .cache
# folder, after the program, so that on a fresh machine they reuse the
# standard library and brotli it compiled instead of compiling them a
# second time beside it (make -j2); then they only cost a link.
$(PACKWASM) $(PRECOMPRESS) $(EDITORTOOL) &: FORCE | $(BIN)
	CGO_ENABLED=0 $(GO) build -o .cache/bin/ ./app/tools/...

# dev is what make run needs: the program, the wasm and its gzip form,
# which is quick. The brotli form at quality 11 takes minutes on a
# 2-core machine; make build and static write it, and serve sends
# app.wasm without it meanwhile, with a note. A brotli form left from an
# earlier build would be stale, so it goes.
dev: $(BIN) $(WASM) $(EDITORJS) | $(PRECOMPRESS)
	rm -f $(WASM).br
	$(PRECOMPRESS) -only gzip $(WASM)

# The page's editor: CodeMirror 6 from npm, the versions of
# app/tools/editor/package-lock.json installed by npm ci into the ignored
# .cache folder (once, and again when the lockfile changes), bundled with
# app/tools/editor/editor.js by esbuild's Go API (app/tools/editor) into
# web/editor.js, a second or two.
EDITORMODULES := .cache/editor/node_modules
$(EDITORMODULES)/.package-lock.json: app/tools/editor/package.json app/tools/editor/package-lock.json
	@command -v npm >/dev/null || { echo "the page's editor needs npm (Node.js): apt-get install -y nodejs npm" >&2; exit 1; }
	@mkdir -p .cache/editor
	cp app/tools/editor/package.json app/tools/editor/package-lock.json .cache/editor/
	npm ci --no-audit --no-fund --prefix .cache/editor
$(EDITORJS): app/tools/editor/editor.js $(EDITORMODULES)/.package-lock.json | $(EDITORTOOL)
	$(EDITORTOOL) -entry app/tools/editor/editor.js -modules $(EDITORMODULES) -o $(EDITORJS)

run:
	$(MAKE) -j2 dev
	$(BIN) serve -addr $(ADDR)

vet: staticcheck
	$(GO) vet ./...
	cd app/tools/bench && $(GO) vet ./...
	$(GO) vet -tags e2e ./app/...
	$(GO) vet -tags soak ./app/...
	GOOS=js GOARCH=wasm $(GO) vet ./...
	$(STATICCHECK) ./...
	cd app/tools/bench && $(abspath $(STATICCHECK)) ./...
	$(STATICCHECK) -tags e2e ./app/...
	$(STATICCHECK) -tags soak ./app/...
	GOOS=js GOARCH=wasm $(STATICCHECK) ./...

# staticcheck at a pinned version, built from source with go install into
# the ignored .cache folder (the go.mod of the project never requires it).
STATICCHECK_VERSION := v0.8.2
STATICCHECK := .cache/bin/staticcheck-$(STATICCHECK_VERSION)
staticcheck: $(STATICCHECK)
$(STATICCHECK):
	@mkdir -p $(dir $@)
	GOBIN=$(abspath .cache/bin/tmp-$(STATICCHECK_VERSION)) $(GO) install honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION)
	mv .cache/bin/tmp-$(STATICCHECK_VERSION)/staticcheck $@ && rmdir .cache/bin/tmp-$(STATICCHECK_VERSION)

test: vet test-go test-wasm fuzz-ci test-e2e

# The Go tests, then again under the race detector those of the readings
# whose evaluations of one File from several goroutines (diff's workers,
# release.Fork) write what they build on first use, and those of serve,
# which prerenders the pages of many requests at once.
test-go: commonmark markdown-it robots-parser warcio wget
	$(GO) test -count=1 ./...
	cd app/tools/bench && $(GO) test -count=1 ./...
	@command -v gcc >/dev/null || { echo "test-go's race run needs gcc (the race detector builds with cgo): apt-get install -y gcc" >&2; exit 1; }
	$(GO) test -count=1 -race ./matcher/reading/protego/ ./app/internal/release/ ./app/internal/site/

# The matcher's tests (its core, readings and helpers) compiled to
# WebAssembly and run under Node.
test-wasm:
	@command -v node >/dev/null || { echo "test-wasm needs Node.js: apt-get install -y nodejs" >&2; exit 1; }
	PATH="$$PATH:$(WASMEXEC)" GOOS=js GOARCH=wasm $(GO) test -count=1 ./matcher/...

# The browser tests: the real UI in headless Chromium, driven by chromedp.
# They are behind the e2e build tag, so plain `go test ./...` stays
# browser-free; this step runs them and never skips them.
# The layout test writes what it sees to bin/screenshots (wide.png,
# phone.png, the pictures the README refers to), and the other tests
# their own pictures beside them.
E2E_SCREENSHOTS ?= $(abspath bin/screenshots)
test-e2e: build chromium axe
	@mkdir -p $(E2E_SCREENSHOTS)
	E2E_SCREENSHOTS=$(E2E_SCREENSHOTS) $(GO) test -count=1 -timeout 40m -tags e2e -run '^TestE2E' -v ./app

# debian_package NAME,PURPOSE: installs Debian's package NAME when its
# command is missing and make runs as root, else says what to install.
define debian_package
	@command -v $(1) >/dev/null 2>&1 || { \
		if [ "$$(id -u)" = 0 ]; then \
			echo "installing $(1) for $(2)"; \
			apt-get update && apt-get install -y $(1); \
		else \
			echo "$(2) need Debian's $(1): run 'sudo apt-get install -y $(1)', then make test" >&2; \
			exit 1; \
		fi; }
endef

# Debian's chromium: installed when missing and running as root, else a
# message saying what to install.
chromium:
	$(call debian_package,chromium,the browser tests)

# axe-core, which the accessibility audit of the browser tests injects into
# the page: installed from npm into the ignored .cache folder when missing
# (a script only; it brings no browser).
AXE := .cache/axe/node_modules/axe-core/axe.min.js
axe: $(AXE)
$(AXE):
	@command -v npm >/dev/null || { echo "the accessibility audit needs npm (Node.js): apt-get install -y npm" >&2; exit 1; }
	npm install --no-save --no-audit --no-fund --prefix .cache/axe axe-core@4

# commonmark.js, the CommonMark reference renderer for JavaScript, which
# the decision record's Markdown test renders hostile records with
# (matcher/record/markdown_test.go finds it through COMMONMARK_JS):
# installed from npm into the ignored .cache folder when missing.
COMMONMARK_VERSION := 0.31.2
COMMONMARK_DIR := .cache/commonmark/node_modules/commonmark
export COMMONMARK_JS := $(abspath $(COMMONMARK_DIR))
commonmark: $(COMMONMARK_DIR)/package.json
$(COMMONMARK_DIR)/package.json:
	@command -v npm >/dev/null || { echo "the Markdown rendering test needs npm (Node.js): apt-get install -y npm" >&2; exit 1; }
	npm install --no-save --no-audit --no-fund --prefix .cache/commonmark commonmark@$(COMMONMARK_VERSION)

# markdown-it with linkify, a renderer of GitHub's flavour of Markdown,
# which the same test renders the hostile records with, so that their text
# makes no autolink (www., http://, an e-mail address) where GitHub shows
# them (matcher/record/markdown_test.go finds it through MARKDOWN_IT_JS):
# installed from npm into the ignored .cache folder when missing.
MARKDOWN_IT_VERSION := 15.0.3
MARKDOWN_IT_DIR := .cache/markdown-it/node_modules/markdown-it
export MARKDOWN_IT_JS := $(abspath $(MARKDOWN_IT_DIR))
markdown-it: $(MARKDOWN_IT_DIR)/package.json
$(MARKDOWN_IT_DIR)/package.json:
	@command -v npm >/dev/null || { echo "the Markdown rendering test needs npm (Node.js): apt-get install -y npm" >&2; exit 1; }
	npm install --no-save --no-audit --no-fund --prefix .cache/markdown-it markdown-it@$(MARKDOWN_IT_VERSION)

# robots-parser 3.0.1, which the robots-parser reading is checked against
# live (matcher/reading/robotsparser/robotsparser_diff_test.go finds it
# through ROBOTS_PARSER_JS):
# installed from npm into the ignored .cache folder when missing.
ROBOTS_PARSER_JS := $(abspath .cache/robots-parser/node_modules/robots-parser)
export ROBOTS_PARSER_JS
robots-parser: $(ROBOTS_PARSER_JS)/Robots.js
$(ROBOTS_PARSER_JS)/Robots.js:
	@command -v npm >/dev/null || { echo "the robots-parser reading's live test needs npm (Node.js): apt-get install -y nodejs npm" >&2; exit 1; }
	npm install --no-save --no-audit --no-fund --prefix .cache/robots-parser robots-parser@3.0.1

# warcio, Webrecorder's WARC reader for JavaScript, which reads the WARC
# files robots-explorer fetch writes as a reader apart from the library that
# wrote them (app/internal/capture/warcio_test.go finds it through
# WARCIO_JS): installed from npm into the ignored .cache folder when missing.
WARCIO_VERSION := 2.4.11
WARCIO_JS := $(abspath .cache/warcio/node_modules/warcio)
export WARCIO_JS
warcio: $(WARCIO_JS)/package.json
$(WARCIO_JS)/package.json:
	@command -v npm >/dev/null || { echo "the WARC tests need npm (Node.js) for warcio: apt-get install -y nodejs npm" >&2; exit 1; }
	npm install --no-save --no-audit --no-fund --prefix .cache/warcio warcio@$(WARCIO_VERSION)

# Debian's wget, whose --warc-file capture of a loopback server check
# -capture reads (app/internal/cli/capture_test.go): installed when missing
# and running as root, else a message saying what to install.
wget:
	$(call debian_package,wget,the WARC tests)

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./matcher/...

# The matcher beside the Go libraries people use instead, on the same
# generated inputs (app/tools/bench is a module of its own, so the main module never
# requires them). benchstat goes into a temporary folder; the raw figures
# stay in bin/bench-peers.txt.
BENCHCOUNT ?= 5
bench-peers:
	@mkdir -p bin
	cd app/tools/bench && $(GO) test -run '^$$' -bench . -benchmem -count $(BENCHCOUNT) -timeout 60m . > $(abspath bin/bench-peers.txt)
	@gobin=$$(mktemp -d) && GOBIN=$$gobin $(GO) install golang.org/x/perf/cmd/benchstat@v0.0.0-20260908200009-22c9c6c9d4da && \
		$$gobin/benchstat -col /side bin/bench-peers.txt; rm -rf $$gobin

# The peak memory of check on files of check's default limit, under every
# reading and with -compare (app/tools/check-memory; SHAPES, READINGS and
# PROG narrow it). One process at a time, so that no peak includes another's.
mem:
	GO="$(GO)" app/tools/check-memory

# Each fuzz target of the matcher's packages (its core and every reading)
# for FUZZTIME (go test allows one -fuzz target per run), run as fuzz-ci
# runs them (see there and app/tools/fuzz-target).
fuzz:
	@pkgs=$$($(GO) list ./matcher/...) || { echo "fuzz: go list failed" >&2; exit 1; }; \
	for pkg in $$pkgs; do \
		list=$$($(GO) test -list '^Fuzz' $$pkg) || { echo "$$list"; echo "fuzz: cannot list the fuzz targets of $$pkg" >&2; exit 1; }; \
		for t in $$(echo "$$list" | grep '^Fuzz'); do \
			echo "== $$pkg $$t"; GO="$(GO)" app/tools/fuzz-target $$pkg $$t $(FUZZTIME) || exit 1; \
		done; \
	done

# Every fuzz target of every package for FUZZCI_TIME, so that each CI run
# fuzzes a little (the seeds in testdata/fuzz replay in every go test).
# app/tools/fuzz-target runs one, and says why it may run one twice.
FUZZCI_TIME ?= 10s
# The lists are taken before the loops: a failing `go list` or `go test
# -list` inside `for ... in $(...)` would just leave nothing to fuzz.
fuzz-ci:
	@pkgs=$$($(GO) list ./...) || { echo "fuzz-ci: go list failed" >&2; exit 1; }; \
	for pkg in $$pkgs; do \
		list=$$($(GO) test -list '^Fuzz' $$pkg) || { echo "$$list"; echo "fuzz-ci: cannot list the fuzz targets of $$pkg" >&2; exit 1; }; \
		for t in $$(echo "$$list" | grep '^Fuzz'); do \
			echo "== $$pkg $$t"; GO="$(GO)" app/tools/fuzz-target $$pkg $$t $(FUZZCI_TIME) || exit 1; \
		done; \
	done

# The long run, not part of make test: every fuzz target of every package
# for SOAK_FUZZTIME, then the program built here serving on loopback for
# SOAK_DURATION under 2,000 clients and hostile ones
# (app/internal/site/soak_test.go), which reports requests, failures, the
# latency of each path and serve's peak memory.
SOAK_FUZZTIME ?= 3m
SOAK_DURATION ?= 10m
soak: build
	$(MAKE) fuzz-ci FUZZCI_TIME=$(SOAK_FUZZTIME)
	SOAK_DURATION=$(SOAK_DURATION) $(GO) test -count=1 -tags soak -run '^TestSoakServe$$' -timeout 60m -v ./app/internal/site

clean:
	rm -rf bin dist $(WASM) $(WASM).gz $(WASM).br $(EDITORJS)

FORCE:
