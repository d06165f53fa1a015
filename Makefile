# diverge-sdk-go: every target runs from a fresh clone with Go 1.26 and the
# Go module proxy; interop also needs cargo and Debian's Rust crates (the
# oracle's build.sh installs the crates).

GO          ?= go
STATICCHECK ?= honnef.co/go/tools/cmd/staticcheck@v0.8.2
FUZZTIME    ?= 30s
FUZZFLAGS   ?=
BENCHTIME   ?= 1s
SHARED      ?= ../shared
RUSTREF_TARGET_DIR ?= $(CURDIR)/.rustref-target
export RUSTREF_TARGET_DIR

INTEROP_N   ?= 300000
INTEROP_SEED ?= 1

.PHONY: test lint fuzz bench vet interop oracle bench-compare

## test: vet, then every test with the race detector
test: vet
	$(GO) test -race -count=1 ./...

vet:
	$(GO) vet ./...

## lint: go vet and staticcheck (pinned, run through go run)
lint: vet
	$(GO) run $(STATICCHECK) ./...

## fuzz: every Fuzz target for FUZZTIME each (go test -fuzz runs one target at a time)
fuzz:
	@set -e; for pkg in $$($(GO) list ./...); do \
	  for target in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz' || true); do \
	    echo "== $$pkg $$target ($(FUZZTIME))"; \
	    $(GO) test -run '^$$' -fuzz "^$$target$$" -fuzztime $(FUZZTIME) $(FUZZFLAGS) $$pkg; \
	  done; \
	done

## bench: every benchmark, with allocations
bench:
	$(GO) test -run '^$$' -bench . -benchmem -benchtime $(BENCHTIME) ./...

## oracle: build the Rust reference oracle from ../shared/rustref (offline, Debian's crates)
oracle:
	@command -v cargo >/dev/null 2>&1 || { echo "oracle: cargo is not installed on this machine, so the Rust oracle cannot be built here (CI has it)."; exit 1; }
	@$(SHARED)/rustref/build.sh >/dev/null

## interop: differential run of INTEROP_N mutated payloads (and every vector) against the oracle
interop: oracle
	$(GO) build -o $(RUSTREF_TARGET_DIR)/divergewire ./cmd/divergewire
	$(GO) run ./internal/cmd/interop -oracle $(RUSTREF_TARGET_DIR)/release/rustref -go $(RUSTREF_TARGET_DIR)/divergewire -n 0
	$(GO) run ./internal/cmd/interop -oracle $(RUSTREF_TARGET_DIR)/release/rustref -n $(INTEROP_N) -seed $(INTEROP_SEED)
	$(GO) run ./internal/cmd/interop -oracle $(RUSTREF_TARGET_DIR)/release/rustref -corpus testdata/regress/corpus.txt -show 20

## bench-compare: Go against Rust on testdata/bench.json, alternating; rewrites PERFORMANCE.md
BENCH_ROUNDS ?= 5
bench-compare: oracle
	$(GO) build -o $(RUSTREF_TARGET_DIR)/divergewire ./cmd/divergewire
	$(GO) run ./internal/cmd/benchcompare -go $(RUSTREF_TARGET_DIR)/divergewire -rust $(RUSTREF_TARGET_DIR)/release/rustref -file testdata/bench.json -rounds $(BENCH_ROUNDS) -out PERFORMANCE.md
