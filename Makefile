# diverge-sdk-go: every target runs from a fresh clone with Go 1.26 (go.mod's
# go line) and the Go module proxy; test also needs a C compiler (the race
# detector needs cgo), test-ports qemu-aarch64 (Debian's qemu-user), and the
# oracle targets (oracle, interop, encdiff, bench-compare, floatref, floatcheck)
# cargo. The oracle is rustref's
# real model (the crates' own types) on the current serde stack (serde
# 1.0.228, serde_json 1.0.150, from the sources vendored in ../shared/rustref);
# interop-debian also builds it on Debian's serde_json 1.0.87 (build.sh
# installs those crates with apt).

GO          ?= go
GOFMT       ?= gofmt
STATICCHECK ?= honnef.co/go/tools/cmd/staticcheck@v0.8.2
FUZZTIME    ?= 30s
FUZZFLAGS   ?=
BENCHTIME   ?= 1s
SHARED      ?= ../shared
RUSTREF_TARGET_DIR ?= $(CURDIR)/.rustref-target
export RUSTREF_TARGET_DIR
RUSTREF_MODEL := real
export RUSTREF_MODEL
RUSTREF     := $(RUSTREF_TARGET_DIR)/real-current/release/rustref
RUSTREF_DEBIAN := $(RUSTREF_TARGET_DIR)/real/release/rustref

INTEROP_N   ?= 300000
INTEROP_SEED ?= 1

.PHONY: demo test test-ports test-peerbench lint fmt-check fuzz bench vet interop interop-debian encdiff oracle oracle-debian bench-compare bench-baseline bench-peers bench-wire

## demo: a live session on loopback: the Go container proxy (divergewire proxy, with a demo program
## that echoes each message) and a Go provider (divergewire session) over a real WebSocket; the
## session is printed as decode prints a trace, with the checker's verdict
demo:
	$(GO) build -o bin/divergewire ./cmd/divergewire
	@bin/divergewire proxy -listen 127.0.0.1:0 -declare api=fixed,token=rotating > bin/proxy.out & pid=$$!; \
	url=; for i in $$(seq 100); do url=$$(awk 'NR==1 {print $$3}' bin/proxy.out); [ -n "$$url" ] && break; sleep 0.1; done; \
	head -n 1 bin/proxy.out; \
	bin/divergewire session -connect "$$url" -secret 'api="k-1"' -secret 'token="t0"' -message a=hello -message b=world; rc=$$?; \
	kill $$pid 2>/dev/null; wait $$pid 2>/dev/null; exit $$rc

## test: vet, then every test with the race detector; the engine once more
## without it (its exhaustive UTF-8 tests sample under -race) and once as it
## builds without its amd64 assembly (the purego tag); the cost harness once
## more without it (it times CPU only there)
test: vet
	$(GO) test -race -count=1 ./...
	$(GO) test -count=1 ./internal/serde
	$(GO) test -count=1 -run '^TestCostGrowsLinearly$$' ./internal/tools/scopes
	$(GO) test -count=1 -tags purego ./internal/serde

## test-ports: the codec packages' tests (and the golden vectors of every scope) built for arm64, run
## under qemu-aarch64 (Debian's qemu-user), and for 386, run natively where the kernel runs 32-bit x86
## binaries (qemu-i386 cannot run Go's 386 runtime); where it does not, the 386 build is vetted and
## the make output says so
PORT_PKGS = ./wire/... ./answer ./internal/serde ./internal/tools/scopes ./internal/decimal ./secrets ./mcpcontent/... ./chunk ./enqueue/... ./dequeue ./begin ./errors
test-ports:
	GOARCH=arm64 $(GO) test -count=1 -exec qemu-aarch64 $(PORT_PKGS)
	@if GOARCH=386 $(GO) test -count=1 -run '^$$' ./wire >/dev/null 2>&1; then \
	  echo "GOARCH=386 $(GO) test -count=1 $(PORT_PKGS)"; \
	  GOARCH=386 $(GO) test -count=1 $(PORT_PKGS); \
	else \
	  echo "test-ports: this kernel does not run 386 binaries; the 386 build is vetted, not run"; \
	  GOARCH=386 $(GO) vet $(PORT_PKGS); \
	fi

## vet: go vet here, then for arm64 (every package) and 386 (the engine), which build only the
## portable scanners
vet:
	$(GO) vet ./...
	GOARCH=arm64 $(GO) vet ./...
	GOARCH=386 $(GO) vet ./internal/serde

## lint: gofmt (fmt-check), go vet and staticcheck (pinned, run through go run)
lint: fmt-check vet
	$(GO) run $(STATICCHECK) ./...

## fmt-check: fails, listing them, if gofmt would change any Go file in the tree
## (internal/tools/peerbench's module included)
fmt-check:
	@files=$$($(GOFMT) -l .) || exit 1; \
	if [ -n "$$files" ]; then \
	  echo "fmt-check: gofmt would change these files (gofmt -w them):"; echo "$$files"; exit 1; \
	fi

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

## oracle: build the Rust reference oracle, real model, on the current serde stack (offline, vendored sources)
oracle:
	@command -v cargo >/dev/null 2>&1 || { echo "oracle: cargo is not installed on this machine, so the Rust oracle cannot be built here (CI has it)."; exit 1; }
	@RUSTREF_STACK=current $(SHARED)/rustref/build.sh >/dev/null

## oracle-debian: the same oracle on Debian's serde_json 1.0.87 (apt installs its crates)
oracle-debian:
	@command -v cargo >/dev/null 2>&1 || { echo "oracle-debian: cargo is not installed on this machine, so the Rust oracle cannot be built here."; exit 1; }
	@RUSTREF_STACK=debian $(SHARED)/rustref/build.sh >/dev/null

## interop: differential run of INTEROP_N mutated payloads (and every vector) against the oracle
interop: oracle
	$(GO) build -o $(RUSTREF_TARGET_DIR)/divergewire ./cmd/divergewire
	$(GO) run ./internal/tools/cmd/interop -oracle $(RUSTREF) -go $(RUSTREF_TARGET_DIR)/divergewire -n 0
	$(GO) run ./internal/tools/cmd/interop -oracle $(RUSTREF) -n $(INTEROP_N) -seed $(INTEROP_SEED)
	$(GO) run ./internal/tools/cmd/interop -oracle $(RUSTREF) -corpus testdata/regress/corpus.txt -show 20

## encdiff: encode-side differential: ENCDIFF_N random Go values of every encodable type, good and bad, against the oracle
ENCDIFF_N    ?= 300000
ENCDIFF_SEED ?= 1
encdiff: oracle
	$(GO) run ./internal/tools/cmd/encdiff -oracle $(RUSTREF) -n $(ENCDIFF_N) -seed $(ENCDIFF_SEED)

## interop-debian: the same differential against serde_json 1.0.87; only the known stack differences may remain
interop-debian: oracle-debian
	$(GO) run ./internal/tools/cmd/interop -oracle $(RUSTREF_DEBIAN) -known-stack-diffs -n $(INTEROP_N) -seed $(INTEROP_SEED)
	$(GO) run ./internal/tools/cmd/interop -oracle $(RUSTREF_DEBIAN) -known-stack-diffs -corpus testdata/regress/corpus.txt -show 20

## bench-compare: Go against Rust on testdata/bench.json, and on testdata/bench_chunks.json (a chunk of
## every kind) for the chunks table, alternating; rewrites PERFORMANCE.md
## (BENCH_GO_BIN is where the divergewire it times is built: give each checkout its own when several
## share one RUSTREF_TARGET_DIR)
BENCH_ROUNDS ?= 15
BENCH_GO_BIN ?= $(RUSTREF_TARGET_DIR)/divergewire
bench-compare: oracle
	$(GO) build -o $(BENCH_GO_BIN) ./cmd/divergewire
	$(GO) run ./internal/tools/cmd/benchcompare -go $(BENCH_GO_BIN) -rust $(RUSTREF) -file testdata/bench.json -chunks testdata/bench_chunks.json -rounds $(BENCH_ROUNDS) -out PERFORMANCE.md

## bench-baseline: this checkout's divergewire against one built at BASELINE (a git revision), timed
## the same way side by side, on testdata/bench.json: whether a change moved the Go side's times
bench-baseline:
	@test -n "$(BASELINE)" || { echo "usage: make bench-baseline BASELINE=<git revision>"; exit 2; }
	rm -rf bin/baseline && mkdir -p bin/baseline && git archive $(BASELINE) | tar -x -C bin/baseline
	cd bin/baseline && $(GO) build -o ../divergewire-baseline ./cmd/divergewire
	$(GO) build -o bin/divergewire ./cmd/divergewire
	$(GO) run ./internal/tools/cmd/benchcompare -go bin/divergewire -baseline bin/divergewire-baseline -file testdata/bench.json -rounds $(BENCH_ROUNDS)

## bench-wire: the container proxy on a loopback WebSocket beside coder/websocket alone, side by side
## in alternating rounds (internal/tools/cmd/benchwire): the relay path's frames per second for small
## and 64 KiB chunks, and an enqueue's round trip; rewrites only the bench-wire section of
## PERFORMANCE.md. BENCH_WIRE_MS is each side's budget per pair and round.
BENCH_WIRE_ROUNDS ?= 27
BENCH_WIRE_MS ?= 300
bench-wire:
	$(GO) run ./internal/tools/cmd/benchwire -rounds $(BENCH_WIRE_ROUNDS) -ms $(BENCH_WIRE_MS) -out PERFORMANCE.md

## bench-peers: the SDK against encoding/json, encoding/json/v2, sonic, goccy/go-json, segmentio and
## json-iterator (internal/tools/peerbench, its own module: the peers never enter go.mod); rewrites
## only the bench-peers section of PERFORMANCE.md. BENCH_PEERS_MS is each payload's budget per
## codec and round. Its tests: make test-peerbench
BENCH_PEERS_ROUNDS ?= 10
BENCH_PEERS_MS     ?= 100
bench-peers:
	cd internal/tools/peerbench && GOEXPERIMENT=jsonv2 $(GO) run . -file ../../../testdata/bench.json -rounds $(BENCH_PEERS_ROUNDS) -ms $(BENCH_PEERS_MS) -out ../../../PERFORMANCE.md

## test-peerbench: internal/tools/peerbench's tests (its own module; the peers' round trips of
## every vector in testdata/bench.json), with encoding/json/v2 built in
test-peerbench:
	cd internal/tools/peerbench && GOEXPERIMENT=jsonv2 $(GO) test -count=1 ./...

## floatref: build internal/tools/floatref, serde_json 1.0.150's own float formatting (offline, from ../shared/rustref/vendor; needs cargo)
CARGO       ?= cargo
FLOATREF_BIN = $(RUSTREF_TARGET_DIR)/floatref/release/floatref
FLOATCHECK_F64     ?= 100000000
FLOATCHECK_CONFORM ?= 2000000
FLOATCHECK_SEED    ?= 1
.PHONY: floatref floatcheck
floatref:
	@command -v $(CARGO) >/dev/null 2>&1 || { echo "floatref: cargo is not installed on this machine, so floatref cannot be built here (CI has it)."; exit 1; }
	$(CARGO) build --release --offline --locked --manifest-path internal/tools/floatref/Cargo.toml --target-dir $(RUSTREF_TARGET_DIR)/floatref

## floatcheck: internal/serde's AppendF32/AppendF64 against serde_json: every f32, FLOATCHECK_F64 f64, then FLOATCHECK_CONFORM of each through the current-stack oracle
floatcheck: floatref
	@RUSTREF_STACK=current $(SHARED)/rustref/build.sh >/dev/null
	$(GO) run ./internal/tools/cmd/floatcheck -floatref $(FLOATREF_BIN) -f32 -f64 $(FLOATCHECK_F64) -seed $(FLOATCHECK_SEED) \
	  -oracle $(RUSTREF) -conform $(FLOATCHECK_CONFORM) -conform-f32 $(FLOATCHECK_CONFORM)
