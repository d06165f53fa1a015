# diverge-sdk-go: every target runs from a fresh clone with Go 1.26 and the
# Go module proxy; interop also needs cargo and Debian's Rust crates (the
# oracle's build.sh installs the crates).

GO          ?= go
STATICCHECK ?= honnef.co/go/tools/cmd/staticcheck@v0.8.2
FUZZTIME    ?= 30s
BENCHTIME   ?= 1s
SHARED      ?= ../shared
RUSTREF_TARGET_DIR ?= $(CURDIR)/.rustref-target
export RUSTREF_TARGET_DIR

.PHONY: test lint fuzz bench vet

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
	    $(GO) test -run '^$$' -fuzz "^$$target$$" -fuzztime $(FUZZTIME) $$pkg; \
	  done; \
	done

## bench: every benchmark, with allocations
bench:
	$(GO) test -run '^$$' -bench . -benchmem -benchtime $(BENCHTIME) ./...
